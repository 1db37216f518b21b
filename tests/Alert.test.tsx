import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Alert, ALERT_ICONS, ALERT_VARIANTS, type AlertVariant } from '../src/components/Alert';

afterEach(() => vi.restoreAllMocks());

const ROLES: Record<AlertVariant, 'alert' | 'status'> = {
  danger: 'alert',
  warning: 'alert',
  success: 'status',
  info: 'status',
  tip: 'status',
};

describe('Alert', () => {
  it('offers the spec variants', () => {
    expect([...ALERT_VARIANTS].sort()).toEqual(['danger', 'info', 'success', 'tip', 'warning']);
  });

  it('is a danger alert by default, with its message and no close button', () => {
    render(<Alert>Pipeline failed</Alert>);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveAttribute('data-variant', 'danger');
    expect(alert).toHaveClass('fk-alert');
    expect(alert).toHaveTextContent('Pipeline failed');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it.each(ALERT_VARIANTS)('%s: its role, icon and spoken icon name', (variant) => {
    const { container } = render(<Alert variant={variant}>Message</Alert>);
    const alert = screen.getByRole(ROLES[variant]);
    expect(alert).toHaveAttribute('data-variant', variant);
    const icon = container.querySelector('.fk-alert__icon');
    expect(icon).toHaveAttribute('data-name', ALERT_ICONS[variant]);
    expect(icon).toHaveAttribute('role', 'img');
  });

  it('names each icon by its meaning', () => {
    const { rerender } = render(<Alert variant="danger">x</Alert>);
    expect(screen.getByRole('img', { name: 'Error' })).toBeInTheDocument();
    rerender(<Alert variant="warning">x</Alert>);
    expect(screen.getByRole('img', { name: 'Warning' })).toBeInTheDocument();
    rerender(<Alert variant="success">x</Alert>);
    expect(screen.getByRole('img', { name: 'Success' })).toBeInTheDocument();
    rerender(<Alert variant="info">x</Alert>);
    expect(screen.getByRole('img', { name: 'Information' })).toBeInTheDocument();
    rerender(<Alert variant="tip">x</Alert>);
    expect(screen.getByRole('img', { name: 'Tip' })).toBeInTheDocument();
  });

  it('uses icons that exist in the sprite', async () => {
    const { ICON_NAMES } = await import('../src/components/Icon');
    for (const name of Object.values(ALERT_ICONS)) expect(ICON_NAMES).toContain(name);
  });

  it('falls back to danger for an unknown variant and warns in development', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<Alert variant={'notice' as AlertVariant}>Odd</Alert>);
    expect(screen.getByRole('alert')).toHaveAttribute('data-variant', 'danger');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('"notice"');
  });

  it('does not warn for a known variant', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<Alert variant="info">Fine</Alert>);
    expect(warn).not.toHaveBeenCalled();
  });

  it('shows a title above the message', () => {
    render(
      <Alert variant="warning" title="Storage almost full">
        You have used 95% of your storage.
      </Alert>,
    );
    const title = screen.getByText('Storage almost full');
    expect(title).toHaveAttribute('data-component', 'Alert.Title');
    expect(title.nextElementSibling).toHaveTextContent('You have used 95% of your storage.');
  });

  it('renders no title element without a title', () => {
    const { container } = render(<Alert>Just a message</Alert>);
    expect(container.querySelector('[data-component="Alert.Title"]')).toBeNull();
  });

  it('dismisses itself with the Dismiss button and calls onDismiss and onOpenChange', async () => {
    const onDismiss = vi.fn();
    const onOpenChange = vi.fn();
    render(
      <Alert isDismissible onDismiss={onDismiss} onOpenChange={onOpenChange}>
        Gone soon
      </Alert>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onDismiss).toHaveBeenCalledTimes(1);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('can be dismissed from the keyboard', async () => {
    render(<Alert isDismissible>Keyboard</Alert>);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Dismiss' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('moves focus on dismissal to what follows the alert at that moment', async () => {
    const page = (inserted: boolean) => (
      <>
        <Alert isDismissible>Read me</Alert>
        {inserted ? <button type="button">Inserted later</button> : null}
        <button type="button">After</button>
      </>
    );
    const { rerender } = render(page(false));
    screen.getByRole('button', { name: 'Dismiss' }).focus();
    rerender(page(true));
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Inserted later' })).toHaveFocus();
  });

  it('takes a custom dismiss label', () => {
    render(
      <Alert isDismissible dismissLabel="Close notice">
        x
      </Alert>,
    );
    expect(screen.getByRole('button', { name: 'Close notice' })).toBeInTheDocument();
  });

  it('stays while controlled open until its owner closes it', async () => {
    const onOpenChange = vi.fn();
    const { rerender } = render(
      <Alert isDismissible open onOpenChange={onOpenChange}>
        Controlled
      </Alert>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    rerender(
      <Alert isDismissible open={false} onOpenChange={onOpenChange}>
        Controlled
      </Alert>,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('starts hidden with defaultOpen false', () => {
    render(<Alert defaultOpen={false}>Hidden</Alert>);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('draws primary and secondary actions as buttons or links', async () => {
    const onRetry = vi.fn();
    render(
      <Alert
        primaryAction={{ text: 'Retry', onClick: onRetry }}
        secondaryAction={{ text: 'View job log', href: '/group/project/-/jobs/42' }}
      >
        The job failed.
      </Alert>,
    );
    const retry = screen.getByRole('button', { name: 'Retry' });
    expect(retry).toHaveAttribute('data-kind', 'primary');
    await userEvent.click(retry);
    expect(onRetry).toHaveBeenCalledTimes(1);
    const log = screen.getByRole('link', { name: 'View job log' });
    expect(log).toHaveAttribute('href', '/group/project/-/jobs/42');
    expect(log).toHaveAttribute('data-kind', 'secondary');
  });

  it('renders no action row without actions', () => {
    const { container } = render(<Alert>No actions</Alert>);
    expect(container.querySelector('[data-component="Alert.Actions"]')).toBeNull();
  });

  it('keeps links in the message focusable', async () => {
    render(
      <Alert variant="info">
        Read the <a href="/help/user/storage">storage docs</a>.
      </Alert>,
    );
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'storage docs' })).toHaveFocus();
  });

  it('puts className and style on the root; the consumer style wins', () => {
    render(
      <Alert className="mine" style={{ marginBlock: 4 }} data-testid="root">
        x
      </Alert>,
    );
    const alert = screen.getByTestId('root');
    expect(alert).toHaveClass('fk-alert', 'mine');
    expect(alert).toHaveStyle({ marginBlock: '4px' });
  });

  it('forwards its ref to the root', () => {
    function WithRef() {
      const [node, setNode] = useState<HTMLDivElement | null>(null);
      return (
        <>
          <Alert ref={setNode}>x</Alert>
          <output>{node?.getAttribute('data-component')}</output>
        </>
      );
    }
    render(<WithRef />);
    expect(screen.getByRole('status')).toHaveTextContent('Alert');
  });

  it("takes a role that overrides its variant's: a warning that need not interrupt is a status", () => {
    render(
      <Alert variant="warning" role="status">
        Too long
      </Alert>,
    );
    expect(screen.getByRole('status')).toHaveAttribute('data-variant', 'warning');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
