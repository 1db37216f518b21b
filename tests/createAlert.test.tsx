import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAlert, type AlertHandle } from '../src/components/Alert';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
const handles: AlertHandle[] = [];

/** createAlert inside act, so its root has rendered when the test looks. */
async function show(options: Parameters<typeof createAlert>[0]) {
  let handle!: AlertHandle;
  await act(async () => {
    handle = createAlert(options);
  });
  handles.push(handle);
  return handle;
}

beforeEach(() => {
  container = document.createElement('div');
  container.className = 'flash-container';
  document.body.append(container);
});

afterEach(async () => {
  await act(async () => {
    for (const handle of handles.splice(0)) handle.dismiss();
  });
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('createAlert', () => {
  it('mounts a danger alert with the message into the flash container', async () => {
    await show({ message: 'Something went wrong while fetching projects' });
    const alert = within(container).getByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong while fetching projects');
    expect(alert).toHaveAttribute('data-variant', 'danger');
  });

  it('passes title, variant and actions through', async () => {
    const onClick = vi.fn();
    await show({
      message: 'Your changes were saved.',
      title: 'Saved',
      variant: 'success',
      primaryAction: { text: 'View', onClick },
      secondaryAction: { text: 'Docs', href: '/help' },
    });
    const alert = within(container).getByRole('status');
    expect(alert).toHaveAttribute('data-variant', 'success');
    expect(within(alert).getByText('Saved')).toHaveAttribute('data-component', 'Alert.Title');
    await userEvent.click(within(alert).getByRole('button', { name: 'View' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(within(alert).getByRole('link', { name: 'Docs' })).toHaveAttribute('href', '/help');
  });

  it('replaces earlier alerts (and other flash content) by default', async () => {
    container.innerHTML = '<div class="server-flash">Signed in successfully.</div>';
    const onDismiss = vi.fn();
    await show({ message: 'First', onDismiss });
    expect(container.querySelector('.server-flash')).toBeNull();
    await show({ message: 'Second' });
    expect(within(container).getAllByRole('alert')).toHaveLength(1);
    expect(within(container).getByRole('alert')).toHaveTextContent('Second');
    // Replaced, not dismissed by the user.
    expect(onDismiss).not.toHaveBeenCalled();
  });

  it('keeps earlier alerts with preservePrevious', async () => {
    await show({ message: 'First' });
    await show({ message: 'Second', preservePrevious: true });
    expect(
      within(container)
        .getAllByRole('alert')
        .map((a) => a.textContent),
    ).toEqual([expect.stringContaining('First'), expect.stringContaining('Second')]);
  });

  it('gives each alert its own root element, removed on dismiss', async () => {
    const handle = await show({ message: 'One' });
    await show({ message: 'Two', preservePrevious: true });
    expect(container.querySelectorAll('[data-fk-alert-root]')).toHaveLength(2);
    await act(async () => handle.dismiss());
    expect(container.querySelectorAll('[data-fk-alert-root]')).toHaveLength(1);
    expect(within(container).getByRole('alert')).toHaveTextContent('Two');
  });

  it('is dismissible by default; the Dismiss button removes it and calls onDismiss once', async () => {
    const onDismiss = vi.fn();
    const handle = await show({ message: 'Dismiss me', onDismiss });
    await userEvent.click(within(container).getByRole('button', { name: 'Dismiss' }));
    expect(within(container).queryByRole('alert')).not.toBeInTheDocument();
    expect(container.childElementCount).toBe(0);
    expect(onDismiss).toHaveBeenCalledTimes(1);
    handle.dismiss();
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('handle.dismiss() removes it and calls onDismiss', async () => {
    const onDismiss = vi.fn();
    const handle = await show({ message: 'Programmatic', onDismiss });
    await act(async () => handle.dismiss());
    expect(within(container).queryByRole('alert')).not.toBeInTheDocument();
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('can be made not dismissible', async () => {
    await show({ message: 'Stays', isDismissible: false });
    expect(within(container).queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
  });

  it('sanitises messageHtml: links stay, scripts and handlers go', async () => {
    await show({
      messageHtml:
        'See <a href="/help/ci" onclick="alert(1)">the CI docs</a><img src=x onerror="alert(2)"><script>alert(3)</script>',
    });
    const alert = within(container).getByRole('alert');
    // The sanitiser loads on first use; the plain text shows meanwhile.
    const link = await within(alert).findByRole('link', { name: 'the CI docs' });
    expect(link).toHaveAttribute('href', '/help/ci');
    expect(link).not.toHaveAttribute('onclick');
    expect(alert.querySelector('script')).toBeNull();
    expect(alert.querySelector('[onerror]')).toBeNull();
  });

  it('prefers message over messageHtml', async () => {
    await show({ message: '<b>literal</b>', messageHtml: '<i>html</i>' });
    const alert = within(container).getByRole('alert');
    expect(alert).toHaveTextContent('<b>literal</b>');
    expect(alert.querySelector('i')).toBeNull();
  });

  it('finds the flash container inside a parent', async () => {
    const scope = document.createElement('section');
    const inner = document.createElement('div');
    inner.className = 'flash-container';
    scope.append(inner);
    document.body.append(scope);
    await show({ message: 'Scoped', parent: scope });
    expect(within(inner).getByRole('alert')).toHaveTextContent('Scoped');
    expect(within(container).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('accepts the flash container itself as parent', async () => {
    const other = document.createElement('div');
    other.className = 'flash-container';
    document.body.append(other);
    await show({ message: 'Here', parent: other });
    expect(within(other).getByRole('alert')).toHaveTextContent('Here');
  });

  it('throws a clear error when there is no flash container', () => {
    document.body.replaceChildren();
    expect(() => createAlert({ message: 'Nowhere' })).toThrow(/no flash container found/);
  });

  it('moves focus to the next focusable element after a dismissed alert', async () => {
    const after = document.createElement('button');
    after.textContent = 'Next thing';
    document.body.append(after);
    await show({ message: 'First', preservePrevious: true });
    await show({ message: 'Second', preservePrevious: true });
    const [first] = within(container).getAllByRole('button', { name: 'Dismiss' });
    await userEvent.click(first!);
    // The next focusable element after the first alert is the second alert's Dismiss button.
    await waitFor(() => expect(within(container).getByRole('button', { name: 'Dismiss' })).toHaveFocus());
    await userEvent.click(within(container).getByRole('button', { name: 'Dismiss' }));
    expect(screen.getByRole('button', { name: 'Next thing' })).toHaveFocus();
  });
});
