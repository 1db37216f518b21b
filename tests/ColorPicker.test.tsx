import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type FormEvent } from 'react';
import { ColorPicker, DEFAULT_SUGGESTED_COLORS, INVALID_COLOR_MESSAGE } from '../src/components/ColorPicker';
import { Form } from '../src/components/Form';

const SUGGESTIONS = [
  { color: '#009966', name: 'Green-cyan' },
  { color: '#dc143c', name: 'Crimson' },
  { color: '#FFF', name: 'White' },
];

describe('ColorPicker', () => {
  it('has a labelled text field, a swatch and named suggestion buttons', () => {
    render(<ColorPicker label="Background color" defaultValue="#1f75cb" suggestedColors={SUGGESTIONS} />);
    expect(screen.getByRole('textbox', { name: 'Background color' })).toHaveValue('#1f75cb');
    const swatch = screen.getByLabelText('Choose color');
    expect(swatch).toHaveAttribute('type', 'color');
    expect(swatch).toHaveValue('#1f75cb');
    const group = screen.getByRole('group', { name: 'Suggested colors' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Green-cyan', 'Crimson', 'White']);
  });

  it('offers the product suggestions by default, and none with []', () => {
    const { unmount } = render(<ColorPicker />);
    expect(within(screen.getByRole('group', { name: 'Suggested colors' })).getAllByRole('button')).toHaveLength(
      DEFAULT_SUGGESTED_COLORS.length,
    );
    unmount();
    render(<ColorPicker suggestedColors={[]} />);
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });

  it('takes a suggestion with the keyboard', async () => {
    const onChange = vi.fn();
    render(<ColorPicker suggestedColors={SUGGESTIONS} onChange={onChange} />);
    screen.getByRole('button', { name: 'Green-cyan' }).focus();
    await userEvent.keyboard('{Tab}');
    expect(screen.getByRole('button', { name: 'Crimson' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('#dc143c');
    expect(screen.getByRole('textbox', { name: 'Color' })).toHaveValue('#dc143c');
    expect(screen.getByLabelText('Choose color')).toHaveValue('#dc143c');
    expect(screen.getByRole('button', { name: 'Crimson' })).toHaveAttribute('data-state', 'selected');
    await userEvent.keyboard('{Shift>}{Tab}{/Shift} ');
    expect(onChange).toHaveBeenLastCalledWith('#009966');
    expect(screen.getByRole('button', { name: 'Crimson' })).not.toHaveAttribute('data-state');
  });

  it('marks a 3 digit value as its suggestion and expands it for the swatch', async () => {
    render(<ColorPicker suggestedColors={SUGGESTIONS} defaultValue="#fff" />);
    expect(screen.getByRole('button', { name: 'White' })).toHaveAttribute('data-state', 'selected');
    expect(screen.getByLabelText('Choose color')).toHaveValue('#ffffff');
  });

  it('shows an error for an invalid value as the user types, and keeps the last valid swatch', async () => {
    render(<ColorPicker defaultValue="#1f75cb" suggestedColors={[]} />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Color' });
    await userEvent.clear(input);
    expect(screen.queryByText(INVALID_COLOR_MESSAGE)).not.toBeInTheDocument();
    await userEvent.type(input, '#12');
    expect(screen.getByText(INVALID_COLOR_MESSAGE)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(INVALID_COLOR_MESSAGE);
    expect(input.validationMessage).toBe(INVALID_COLOR_MESSAGE);
    expect(screen.getByLabelText('Choose color')).toHaveValue('#1f75cb');
    await userEvent.type(input, '3');
    expect(screen.queryByText(INVALID_COLOR_MESSAGE)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Choose color')).toHaveValue('#112233');
    await userEvent.type(input, '4');
    expect(screen.getByText(INVALID_COLOR_MESSAGE)).toBeInTheDocument();
  });

  it('takes the swatch value', async () => {
    const onChange = vi.fn();
    render(<ColorPicker onChange={onChange} suggestedColors={[]} />);
    const swatch = screen.getByLabelText<HTMLInputElement>('Choose color');
    // The browser's chooser sets the value and fires input.
    const { fireEvent } = await import('@testing-library/react');
    fireEvent.input(swatch, { target: { value: '#abcdef' } });
    expect(onChange).toHaveBeenCalledWith('#abcdef');
    expect(screen.getByRole('textbox', { name: 'Color' })).toHaveValue('#abcdef');
  });

  it('blocks the submit of its form while invalid', async () => {
    const onSubmit = vi.fn((e: FormEvent) => e.preventDefault());
    render(
      <Form onSubmit={onSubmit}>
        <ColorPicker defaultValue="#12" suggestedColors={[]} />
        <button type="submit">Save</button>
      </Form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Color' })).toHaveFocus();
  });

  it('is controlled by value', async () => {
    function Controlled() {
      const [value, setValue] = useState('#000');
      return (
        <>
          <ColorPicker value={value} onChange={(v) => setValue(v.toLowerCase())} suggestedColors={SUGGESTIONS} />
          <output>{value}</output>
        </>
      );
    }
    render(<Controlled />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Color' }), 'ABC');
    expect(screen.getByRole('status')).toHaveTextContent('#000abc');
  });

  it('disables all its controls', () => {
    render(<ColorPicker disabled suggestedColors={SUGGESTIONS} />);
    expect(screen.getByRole('textbox', { name: 'Color' })).toBeDisabled();
    expect(screen.getByLabelText('Choose color')).toBeDisabled();
    for (const button of screen.getAllByRole('button')) expect(button).toBeDisabled();
  });
});
