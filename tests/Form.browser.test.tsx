// Real Chromium: keyboard focus versus mouse focus for the quick-submit hint (:focus-visible), the
// hint's place in the top layer above the button, real Ctrl-Enter, focus of the first invalid
// field, and a real submission that keeps the submitter's value although the button disables.
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { Form, FORM_SUBMIT_DISABLE_DELAY, initForms, QUICK_SUBMIT_HINT } from '../src/components/Form';

function CommentForm({ onSubmit }: { onSubmit?: (submitter: HTMLElement | null) => void }) {
  return (
    <Form
      quickSubmit
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.((event.nativeEvent as SubmitEvent).submitter);
      }}
      style={{ paddingTop: 80 }}
    >
      <label htmlFor="comment">Comment</label>
      <textarea id="comment" name="comment" />
      <div>
        <button type="submit">Comment</button>
        <button type="button">Cancel</button>
      </div>
    </Form>
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Quick submit hint', () => {
  it('shows above the submit button when it gets focus by Tab, and describes it', async () => {
    render(<CommentForm />);
    await userEvent.click(screen.getByLabelText('Comment'));
    await userEvent.tab();
    const button = screen.getByRole('button', { name: 'Comment' });
    expect(button).toHaveFocus();
    const hint = await screen.findByRole('tooltip');
    expect(hint).toHaveTextContent(QUICK_SUBMIT_HINT.default);
    expect(hint).toHaveTextContent('You can also press Ctrl-Enter');
    expect(button).toHaveAccessibleDescription('You can also press Ctrl-Enter');
    // In the top layer, placed above the button once floating-ui has run.
    expect(hint.matches(':popover-open')).toBe(true);
    await waitFor(() => {
      const h = hint.getBoundingClientRect();
      const b = button.getBoundingClientRect();
      expect(h.bottom).toBeLessThanOrEqual(b.top);
      // Starts at the button (shifted at most by the viewport padding), overlapping it horizontally.
      expect(h.left).toBeLessThan(b.right);
      expect(h.right).toBeGreaterThan(b.left);
    });
    expect(hint).toBeVisible();
  });

  it('does not show when the button is clicked', async () => {
    const onSubmit = vi.fn();
    render(<CommentForm onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Comment' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Comment' })).toHaveFocus();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Comment' })).not.toHaveAttribute('aria-describedby');
  });

  it('does not show for a button that is not a submit button', async () => {
    render(<CommentForm />);
    await userEvent.click(screen.getByLabelText('Comment'));
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('hides on blur, on Escape and on a click', async () => {
    render(<CommentForm />);
    const button = screen.getByRole('button', { name: 'Comment' });
    await userEvent.click(screen.getByLabelText('Comment'));
    await userEvent.tab();
    await screen.findByRole('tooltip');
    await userEvent.tab();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(button).not.toHaveAttribute('aria-describedby');
    await userEvent.tab({ shift: true });
    await screen.findByRole('tooltip');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('says ⌘-Enter on a Mac, deciding when the hint shows', async () => {
    vi.spyOn(navigator, 'platform', 'get').mockReturnValue('MacIntel');
    render(<CommentForm />);
    await userEvent.click(screen.getByLabelText('Comment'));
    await userEvent.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('You can also press ⌘-Enter');
  });
});

describe('Quick submit keys', () => {
  it('Ctrl-Enter in a textarea submits through the submit button', async () => {
    const onSubmit = vi.fn();
    const handled: boolean[] = [];
    const record = (event: KeyboardEvent) => {
      if (event.key === 'Enter') handled.push(event.defaultPrevented);
    };
    document.addEventListener('keydown', record);
    render(<CommentForm onSubmit={onSubmit} />);
    await userEvent.click(screen.getByLabelText('Comment'));
    await userEvent.keyboard('LGTM{Control>}{Enter}{/Control}');
    document.removeEventListener('keydown', record);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    // The shortcut is consumed: nothing further up acts on it.
    expect(handled).toEqual([true]);
    expect(onSubmit).toHaveBeenCalledWith(screen.getByRole('button', { name: 'Comment' }));
    expect(screen.getByLabelText('Comment')).toHaveValue('LGTM');
  });

  it('Cmd-Enter submits too; Enter alone types a new line', async () => {
    const onSubmit = vi.fn();
    render(<CommentForm onSubmit={onSubmit} />);
    await userEvent.click(screen.getByLabelText('Comment'));
    await userEvent.keyboard('a{Enter}b');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Comment')).toHaveValue('a\nb');
    await userEvent.keyboard('{Meta>}{Enter}{/Meta}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});

describe('Validation focus', () => {
  it('focuses the first invalid field and shows its error', async () => {
    const onSubmit = vi.fn((e: Event) => e.preventDefault());
    render(
      <Form onSubmit={(e) => onSubmit(e.nativeEvent)}>
        <label htmlFor="name">Name</label>
        <input id="name" defaultValue="Ada" required />
        <label htmlFor="email">Email</label>
        <input id="email" type="email" required title="Enter an email address." />
        <button type="submit">Save</button>
      </Form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const email = screen.getByLabelText('Email');
    expect(email).toHaveFocus();
    expect(screen.getByText('Enter an email address.')).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.keyboard('ada@example.com');
    expect(screen.queryByText('Enter an email address.')).not.toBeInTheDocument();
  });
});

describe('Submit disable', () => {
  it('disables the buttons 13 ms after a real submission, which still sends the submitter', async () => {
    const container = document.createElement('div');
    container.innerHTML = `
      <iframe name="fk-sink" title="sink"></iframe>
      <form action="/fk-form-sink" target="fk-sink" method="get">
        <input name="title" aria-label="Title" value="Bug">
        <button name="action" value="save">Save</button>
        <button name="action" value="close">Save and close</button>
      </form>`;
    document.body.append(container);
    const cleanup = initForms(container);
    const frame = container.querySelector('iframe')!;
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });
    const submittedAt = performance.now();
    let disabledAt = 0;
    const observer = new MutationObserver(() => {
      if (save.disabled && !disabledAt) disabledAt = performance.now();
    });
    observer.observe(save, { attributes: true });
    await userEvent.click(save);
    await waitFor(() => expect(save).toBeDisabled());
    expect(disabledAt - submittedAt).toBeGreaterThanOrEqual(FORM_SUBMIT_DISABLE_DELAY);
    expect(screen.getByRole('button', { name: 'Save and close' })).toBeDisabled();
    await waitFor(() => expect(frame.contentWindow?.location.search).toBe('?title=Bug&action=save'));
    observer.disconnect();
    cleanup();
    container.remove();
  });
});
