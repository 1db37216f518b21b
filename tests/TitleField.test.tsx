import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormEvent } from 'react';
import { Form } from '../src/components/Form';
import { TitleField } from '../src/components/TitleField';
import { TITLE_MAX_LENGTH } from '../src/utils/validation';

const TOO_LONG = 'Title cannot have more than 255 characters.';

describe('TitleField', () => {
  it('is a text field labelled "Title" with no maxlength', () => {
    render(<TitleField />);
    const input = screen.getByRole('textbox', { name: 'Title' });
    expect(input).not.toHaveAttribute('maxlength');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('accepts 255 characters and shows the spec message at 256', async () => {
    render(<TitleField defaultValue={'a'.repeat(TITLE_MAX_LENGTH - 1)} />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Title' });
    await userEvent.type(input, 'b');
    expect(input.value).toHaveLength(255);
    expect(screen.queryByText(TOO_LONG)).not.toBeInTheDocument();
    expect(input.validity.valid).toBe(true);
    await userEvent.type(input, 'c');
    expect(screen.getByText(TOO_LONG)).toHaveClass('fk-form__error');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(TOO_LONG);
    expect(input.validationMessage).toBe(TOO_LONG);
    await userEvent.type(input, '{Backspace}');
    expect(screen.queryByText(TOO_LONG)).not.toBeInTheDocument();
  });

  it('keeps a pasted long title and flags it', () => {
    render(<TitleField />);
    const input = screen.getByRole('textbox', { name: 'Title' });
    fireEvent.change(input, { target: { value: 'x'.repeat(300) } });
    expect(input).toHaveValue('x'.repeat(300));
    expect(screen.getByText(TOO_LONG)).toBeInTheDocument();
  });

  it('blocks the submit of a Form while too long', async () => {
    const onSubmit = vi.fn((e: FormEvent) => e.preventDefault());
    render(
      <Form onSubmit={onSubmit}>
        <TitleField defaultValue={'x'.repeat(256)} />
        <button type="submit">Create</button>
      </Form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveFocus();
  });
});
