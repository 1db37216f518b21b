import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  KEYBOARD_SHORTCUT_GROUPS,
  KeyboardShortcutsDialog,
  useKeyboardShortcutsDialog,
} from '../src/components/KeyboardShortcutsDialog';

function Page() {
  const dialog = useKeyboardShortcutsDialog();
  return (
    <>
      <label>
        Title <input />
      </label>
      <label>
        Description <textarea />
      </label>
      <div contentEditable suppressContentEditableWarning aria-label="Editor" role="textbox">
        x
      </div>
      <button type="button">Elsewhere</button>
      <KeyboardShortcutsDialog {...dialog} />
    </>
  );
}

const dialog = () => screen.queryByRole('dialog', { name: 'Keyboard shortcuts' });

describe('useKeyboardShortcutsDialog', () => {
  it('opens the dialog with ? and closes it with ? again', async () => {
    render(<Page />);
    expect(dialog()).toBeNull();
    await userEvent.keyboard('?');
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
    await userEvent.keyboard('?');
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('ignores ? typed in a text field, a textarea or an editable region', async () => {
    render(<Page />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), '?');
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), '?');
    await userEvent.click(screen.getByRole('textbox', { name: 'Editor' }));
    await userEvent.keyboard('?');
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('?');
    expect(dialog()).toBeNull();
  });

  it('ignores ? with Ctrl, Alt or Meta', async () => {
    render(<Page />);
    await userEvent.keyboard('{Control>}?{/Control}{Alt>}?{/Alt}{Meta>}?{/Meta}');
    expect(dialog()).toBeNull();
  });
});

describe('KeyboardShortcutsDialog', () => {
  it('lists every group under its heading, with keys in <kbd>', async () => {
    render(<KeyboardShortcutsDialog defaultOpen />);
    const modal = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const group of KEYBOARD_SHORTCUT_GROUPS) {
      expect(within(modal).getByRole('region', { name: group.title })).toBeInTheDocument();
    }
    const row = (description: string) => within(modal).getByText(description).closest('div')!;
    expect(row('Toggle keyboard shortcuts help dialog').querySelector('dt')).toHaveTextContent(/^\?$/);
    expect(row('Focus search').querySelector('dt')).toHaveTextContent('s or /');
    expect(row('Go to the project’s overview page').querySelector('dt')).toHaveTextContent('g then p');
    const chord = row('Go to your projects').querySelectorAll('kbd');
    expect([...chord].map((key) => key.textContent)).toEqual(['Shift', 'p']);
    expect(row('Go to your projects').querySelector('dt')).toHaveTextContent('Shift+p');
  });

  it('shows the groups it is given, with translated texts', async () => {
    render(
      <KeyboardShortcutsDialog
        defaultOpen
        labels={{ title: 'Raccourcis clavier', or: 'ou', then: 'puis' }}
        groups={[{ title: 'Global', shortcuts: [{ keys: [['g', 'i'], ['/']], description: 'Tickets' }] }]}
      />,
    );
    const modal = await screen.findByRole('dialog', { name: 'Raccourcis clavier' });
    expect(within(modal).getByText('Tickets').closest('div')!.querySelector('dt')).toHaveTextContent('g puis i ou /');
  });
});
