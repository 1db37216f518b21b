import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormEvent } from 'react';
import { BranchNameInput } from '../src/components/BranchNameInput';
import { Form } from '../src/components/Form';

describe('BranchNameInput', () => {
  it('is a text field labelled "Branch name" without spell checking', () => {
    render(<BranchNameInput />);
    const input = screen.getByRole('textbox', { name: 'Branch name' });
    expect(input).toHaveAttribute('spellcheck', 'false');
    expect(input).toHaveAttribute('autocapitalize', 'off');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it.each([
    ['my branch', "Can't contain spaces"],
    ['fix~1', "Can't contain ~"],
    ['a^b:c', "Can't contain ^, :"],
    ['my branch~', "Can't contain spaces, ~"],
    ['a..b', "Can't contain .."],
    ['a//b', "Can't contain //"],
    ['a\\b', "Can't contain \\"],
  ])('shows the spec message for %j as the user types', async (name, message) => {
    render(<BranchNameInput />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Branch name' });
    // userEvent treats [ and { as key descriptors; these names have neither.
    await userEvent.type(input, name);
    const error = screen.getByText(message);
    expect(error).toHaveClass('fk-form__error');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(message);
    expect(input.validationMessage).toBe(message);
  });

  it('updates the message live and clears it when the name is fixed', async () => {
    render(<BranchNameInput />);
    const input = screen.getByRole('textbox', { name: 'Branch name' });
    await userEvent.type(input, 'feature x');
    expect(screen.getByText("Can't contain spaces")).toBeInTheDocument();
    await userEvent.type(input, '?');
    expect(screen.getByText("Can't contain spaces, ?")).toBeInTheDocument();
    await userEvent.type(input, '{Backspace}{Backspace}{Backspace}-x');
    expect(input).toHaveValue('feature-x');
    expect(screen.queryByText(/Can't contain/)).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('checks a default value on mount', () => {
    render(<BranchNameInput defaultValue="a@{b" />);
    expect(screen.getByText("Can't contain @{")).toBeInTheDocument();
  });

  it('blocks the form submit while invalid, and focuses the field', async () => {
    const onSubmit = vi.fn((e: FormEvent) => e.preventDefault());
    render(
      <Form onSubmit={onSubmit}>
        <BranchNameInput name="branch" defaultValue="my branch" required />
        <button type="submit">Create branch</button>
      </Form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create branch' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Branch name' })).toHaveFocus();
    expect(screen.getAllByText("Can't contain spaces")).toHaveLength(1);
    await userEvent.clear(screen.getByRole('textbox', { name: 'Branch name' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create branch' }));
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Branch name' }), 'main');
    await userEvent.click(screen.getByRole('button', { name: 'Create branch' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('takes another label', () => {
    render(<BranchNameInput label="Tag name" />);
    expect(screen.getByRole('textbox', { name: 'Tag name' })).toBeInTheDocument();
  });
});
