import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BUTTON_CATEGORIES, BUTTON_SIZES, Button } from '../src/components/Button';

describe('Button', () => {
  it('is a native button of type button with the default look', () => {
    render(<Button>Cancel</Button>);
    const button = screen.getByRole('button', { name: 'Cancel' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveAttribute('data-variant', 'default');
    expect(button).toHaveClass('fk-button');
  });

  it('keeps a given type and its variant, and merges the class name', () => {
    render(
      <Button type="submit" variant="danger" className="mine">
        Delete
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toHaveAttribute('data-variant', 'danger');
    expect(button).toHaveClass('fk-button', 'mine');
  });

  it('renders a link when given an href', () => {
    render(
      <Button href="/help/update" variant="confirm">
        Upgrade now
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Upgrade now' });
    expect(link).toHaveAttribute('href', '/help/update');
    expect(link).not.toHaveAttribute('type');
    expect(link).toHaveAttribute('data-variant', 'confirm');
  });

  it('is operable by keyboard and not when disabled', async () => {
    const onClick = vi.fn();
    const { rerender } = render(<Button onClick={onClick}>Save</Button>);
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(1);
    rerender(
      <Button onClick={onClick} disabled>
        Save
      </Button>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it.each(BUTTON_SIZES)('takes the %s size and every category as data attributes', (size) => {
    render(
      <>
        {BUTTON_CATEGORIES.map((category) => (
          <Button key={category} size={size} category={category}>
            {category}
          </Button>
        ))}
      </>,
    );
    for (const category of BUTTON_CATEGORIES) {
      const button = screen.getByRole('button', { name: category });
      expect(button).toHaveAttribute('data-size', size);
      expect(button).toHaveAttribute('data-category', category);
    }
  });

  it('defaults to the medium size and the primary category', () => {
    render(<Button>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('data-size', 'medium');
    expect(button).toHaveAttribute('data-category', 'primary');
    expect(button).not.toHaveAttribute('aria-pressed');
    expect(button).not.toHaveAttribute('data-icon-only');
  });

  it('draws an icon before the label, hidden from assistive technology', () => {
    render(<Button icon="pencil">Edit</Button>);
    const button = screen.getByRole('button', { name: 'Edit' });
    const icon = button.querySelector('[data-component="Icon"]');
    expect(icon).toHaveAttribute('data-name', 'pencil');
    expect(icon).toHaveAttribute('aria-hidden', 'true');
    expect(button.firstChild).toBe(icon);
    expect(button).not.toHaveAttribute('data-icon-only');
  });

  it('is icon-only without children, named by its aria-label, with no warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<Button icon="close" aria-label="Close" />);
    const button = screen.getByRole('button', { name: 'Close' });
    expect(button).toHaveAttribute('data-icon-only', 'true');
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('warns in development when an icon-only button has no accessible name', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // @ts-expect-error: an icon-only button requires aria-label.
    render(<Button icon="close" />);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('needs an `aria-label`'));
    warn.mockRestore();
  });

  it('while loading is busy, keeps its name, shows a spinner and ignores activation', async () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).not.toBeDisabled();
    expect(button.querySelector('[data-component="Button.Spinner"]')).toHaveAttribute('aria-hidden', 'true');
    await userEvent.click(button);
    await userEvent.keyboard('{Enter}');
    expect(onClick).not.toHaveBeenCalled();

    rerender(<Button onClick={onClick}>Save</Button>);
    expect(button).not.toHaveAttribute('aria-busy');
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(button.querySelector('[data-component="Button.Spinner"]')).toBeNull();
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('keeps a loading link from navigating', async () => {
    const onClick = vi.fn();
    render(
      <Button href="/export" loading onClick={onClick}>
        Export
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Export' });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('is a toggle with selected: aria-pressed follows it', async () => {
    const { rerender } = render(<Button selected={false}>Bold</Button>);
    expect(screen.getByRole('button', { name: 'Bold', pressed: false })).toBeInTheDocument();
    rerender(<Button selected>Bold</Button>);
    expect(screen.getByRole('button', { name: 'Bold', pressed: true })).toBeInTheDocument();
  });
});
