import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../src/components/Button';

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
});
