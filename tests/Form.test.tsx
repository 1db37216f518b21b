import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, type FormEvent } from 'react';
import {
  Form,
  FORM_SUBMIT_DISABLE_DELAY,
  initDisableOnSubmit,
  initFormValidation,
  initForms,
  initQuickSubmit,
  initRequiresInput,
  QUICK_SUBMIT_HINT,
  quickSubmitHint,
  TextField,
  VALIDATED_INPUT_TYPES,
} from '../src/components/Form';

const REQUIRED = 'This field is required.';

/** onSubmit that keeps jsdom from navigating and records the submitter. */
function submitSpy() {
  return vi.fn((event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
  });
}

function errorOf(field: HTMLElement) {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)).find((el) => el?.classList.contains('fk-form__error')) ?? null;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Form', () => {
  it('renders a novalidate form with its markers and class', () => {
    const ref = createRef<HTMLFormElement>();
    render(<Form ref={ref} aria-label="New issue" requiresInput quickSubmit className="mine" />);
    const form = screen.getByRole('form', { name: 'New issue' });
    expect(ref.current).toBe(form);
    expect(form).toHaveAttribute('novalidate');
    expect(form).toHaveClass('fk-form', 'mine');
    expect(form).toHaveAttribute('data-validate');
    expect(form).toHaveAttribute('data-requires-input');
    expect(form).toHaveAttribute('data-quick-submit');
    expect(form).not.toHaveAttribute('data-keep-submit-enabled');
  });

  it('drops the markers of behaviours that are off', () => {
    render(<Form aria-label="Plain" noValidate keepSubmitEnabled />);
    const form = screen.getByRole('form', { name: 'Plain' });
    expect(form).toHaveAttribute('novalidate');
    expect(form).not.toHaveAttribute('data-validate');
    expect(form).not.toHaveAttribute('data-requires-input');
    expect(form).not.toHaveAttribute('data-quick-submit');
    expect(form).toHaveAttribute('data-keep-submit-enabled');
  });
});

describe('Form validation', () => {
  it('lists the validated input types of spec section 5', () => {
    expect(VALIDATED_INPUT_TYPES).toEqual(['text', 'password', 'email', 'url', 'number']);
  });

  it.each([...VALIDATED_INPUT_TYPES, 'textarea'])(
    'blocks the submit and shows "This field is required." under an empty required %s',
    async (type) => {
      const onSubmit = submitSpy();
      render(
        <Form onSubmit={onSubmit}>
          <label htmlFor="f">Field</label>
          {type === 'textarea' ? <textarea id="f" required /> : <input id="f" type={type} required />}
          <button type="submit">Save</button>
        </Form>,
      );
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(onSubmit).not.toHaveBeenCalled();
      const field = screen.getByLabelText('Field');
      expect(field).toHaveFocus();
      expect(field).toHaveAttribute('aria-invalid', 'true');
      const error = errorOf(field);
      expect(error?.tagName).toBe('P');
      expect(error).toHaveTextContent(REQUIRED);
      expect(error).toHaveAttribute('data-component', 'Form.Error');
      expect(field).toHaveAccessibleDescription(REQUIRED);
      // The paragraph follows the field.
      expect(field.nextElementSibling).toBe(error);
    },
  );

  it("uses the field's title as the message", async () => {
    render(
      <Form onSubmit={submitSpy()}>
        <label htmlFor="email">Email</label>
        <input id="email" type="email" required title="Please provide a valid email address." />
        <button type="submit">Save</button>
      </Form>,
    );
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorOf(screen.getByLabelText('Email'))).toHaveTextContent('Please provide a valid email address.');
  });

  it('focuses the first invalid field and marks every invalid one', async () => {
    render(
      <Form onSubmit={submitSpy()}>
        <label htmlFor="a">First</label>
        <input id="a" defaultValue="filled" required />
        <label htmlFor="b">Second</label>
        <input id="b" required />
        <label htmlFor="c">Third</label>
        <input id="c" type="url" required />
        <button type="submit">Save</button>
      </Form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Second')).toHaveFocus();
    expect(screen.getByLabelText('First')).not.toHaveAttribute('aria-invalid');
    expect(errorOf(screen.getByLabelText('First'))).toBeNull();
    expect(screen.getByLabelText('Second')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Third')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText(REQUIRED)).toHaveLength(2);
  });

  it('keeps existing aria-describedby ids and removes only its own', async () => {
    render(
      <Form onSubmit={submitSpy()}>
        <label htmlFor="name">Name</label>
        <input id="name" required aria-describedby="hint" />
        <p id="hint">Your full name</p>
        <button type="submit">Save</button>
      </Form>,
    );
    const field = screen.getByLabelText('Name');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const error = errorOf(field);
    expect(field.getAttribute('aria-describedby')).toBe(`hint ${error?.id}`);
    await userEvent.type(field, 'Ada');
    expect(field).toHaveAttribute('aria-describedby', 'hint');
  });

  it('clears the error as the user types once the field is valid', async () => {
    render(
      <Form onSubmit={submitSpy()}>
        <label htmlFor="email">Email</label>
        <input id="email" type="email" required />
        <button type="submit">Save</button>
      </Form>,
    );
    const field = screen.getByLabelText('Email');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(REQUIRED)).toBeInTheDocument();
    await userEvent.type(field, 'ada');
    // Still invalid (not an email): the error stays.
    expect(screen.getByText(REQUIRED)).toBeInTheDocument();
    await userEvent.type(field, '@example.com');
    expect(screen.queryByText(REQUIRED)).not.toBeInTheDocument();
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(field).not.toHaveAttribute('aria-describedby');
    // Emptied again: the error comes back.
    await userEvent.clear(field);
    expect(screen.getByText(REQUIRED)).toBeInTheDocument();
  });

  it('shows no error before the first submit', async () => {
    render(
      <Form onSubmit={submitSpy()}>
        <label htmlFor="a">Name</label>
        <input id="a" required />
      </Form>,
    );
    await userEvent.type(screen.getByLabelText('Name'), 'x{Backspace}');
    expect(screen.queryByText(REQUIRED)).not.toBeInTheDocument();
  });

  it('submits a valid form', async () => {
    const onSubmit = submitSpy();
    render(
      <Form onSubmit={onSubmit}>
        <label htmlFor="a">Name</label>
        <input id="a" required defaultValue="Ada" />
        <button type="submit">Save</button>
      </Form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(REQUIRED)).not.toBeInTheDocument();
  });

  it('puts the error after a [data-error-anchor] wrapper', async () => {
    render(
      <Form onSubmit={submitSpy()}>
        <label htmlFor="a">Path</label>
        <div data-error-anchor data-testid="group">
          <span>https://example.com/</span>
          <input id="a" required />
        </div>
        <button type="submit">Save</button>
      </Form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByTestId('group').nextElementSibling).toHaveTextContent(REQUIRED);
  });

  it('focuses an invalid control of another kind and still blocks the submit', async () => {
    const onSubmit = submitSpy();
    render(
      <Form onSubmit={onSubmit}>
        <label>
          <input type="checkbox" required /> I agree
        </label>
        <button type="submit">Save</button>
      </Form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('checkbox', { name: 'I agree' })).toHaveFocus();
    expect(screen.queryByText(REQUIRED)).not.toBeInTheDocument();
  });

  it('clears every error on reset', async () => {
    render(
      <Form onSubmit={submitSpy()}>
        <label htmlFor="a">Name</label>
        <input id="a" required />
        <button type="submit">Save</button>
        <button type="reset">Reset</button>
      </Form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.queryByText(REQUIRED)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
  });

  it('validates nothing with noValidate', async () => {
    const onSubmit = submitSpy();
    render(
      <Form onSubmit={onSubmit} noValidate>
        <label htmlFor="a">Name</label>
        <input id="a" required />
        <button type="submit">Save</button>
      </Form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(REQUIRED)).not.toBeInTheDocument();
  });

  it('removes its errors and listeners when detached, and counts double attachment', async () => {
    document.body.innerHTML = `<form><input aria-label="Name" required><button>Save</button></form>`;
    const form = document.querySelector('form')!;
    const onSubmit = vi.fn((e: Event) => e.preventDefault());
    form.addEventListener('submit', onSubmit);
    const first = initFormValidation(form);
    const second = initFormValidation(form);
    first();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(REQUIRED)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    second();
    expect(screen.queryByText(REQUIRED)).not.toBeInTheDocument();
    expect(form.noValidate).toBe(false);
    form.noValidate = true;
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    document.body.innerHTML = '';
  });
});

describe('Requiring input', () => {
  function renderForm() {
    render(
      <Form requiresInput onSubmit={submitSpy()}>
        <label htmlFor="t">Title</label>
        <input id="t" required />
        <label htmlFor="d">Description</label>
        <textarea id="d" required />
        <label htmlFor="n">Notes</label>
        <input id="n" />
        <button type="submit">Create</button>
        <input type="submit" value="Create and add another" />
        <button type="button">Cancel</button>
      </Form>,
    );
    return {
      create: screen.getByRole('button', { name: 'Create' }),
      another: screen.getByRole('button', { name: 'Create and add another' }),
      cancel: screen.getByRole('button', { name: 'Cancel' }),
    };
  }

  it('disables the submit buttons while a required field is empty', async () => {
    const { create, another, cancel } = renderForm();
    expect(create).toBeDisabled();
    expect(another).toBeDisabled();
    expect(cancel).toBeEnabled();
    await userEvent.type(screen.getByLabelText('Title'), 'Bug');
    expect(create).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Description'), 'Steps');
    expect(create).toBeEnabled();
    expect(another).toBeEnabled();
    await userEvent.clear(screen.getByLabelText('Title'));
    expect(create).toBeDisabled();
  });

  it('counts whitespace as empty', async () => {
    const { create } = renderForm();
    await userEvent.type(screen.getByLabelText('Title'), '   ');
    await userEvent.type(screen.getByLabelText('Description'), 'Steps');
    expect(create).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Title'), 'x');
    expect(create).toBeEnabled();
  });

  it('ignores optional fields', async () => {
    const { create } = renderForm();
    await userEvent.type(screen.getByLabelText('Title'), 'Bug');
    await userEvent.type(screen.getByLabelText('Description'), 'Steps');
    expect(screen.getByLabelText('Notes')).toHaveValue('');
    expect(create).toBeEnabled();
  });

  it('treats an unchecked required checkbox as empty', async () => {
    render(
      <Form requiresInput>
        <label>
          <input type="checkbox" required /> I agree
        </label>
        <button type="submit">Go</button>
      </Form>,
    );
    expect(screen.getByRole('button', { name: 'Go' })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree' }));
    expect(screen.getByRole('button', { name: 'Go' })).toBeEnabled();
  });

  it('enables the buttons again when detached', () => {
    document.body.innerHTML = `<form><input aria-label="Name" required><button>Save</button></form>`;
    const cleanup = initRequiresInput(document.querySelector('form')!);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    cleanup();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    document.body.innerHTML = '';
  });
});

describe('Quick submit', () => {
  function renderForm(props: Partial<Parameters<typeof Form>[0]> = {}) {
    const onSubmit = vi.fn((event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      return (event.nativeEvent as SubmitEvent).submitter;
    });
    render(
      <Form quickSubmit onSubmit={onSubmit} {...props}>
        <label htmlFor="c">Comment</label>
        <textarea id="c" name="comment" />
        <button type="submit" name="action" value="comment">
          Comment
        </button>
        <button type="submit" name="action" value="close">
          Comment and close
        </button>
      </Form>,
    );
    return onSubmit;
  }

  it.each([
    ['Ctrl', '{Control>}{Enter}{/Control}'],
    ['Cmd', '{Meta>}{Enter}{/Meta}'],
  ])('%s-Enter submits through the first submit button', async (_, keys) => {
    const onSubmit = renderForm();
    await userEvent.click(screen.getByLabelText('Comment'));
    await userEvent.keyboard(`Looks good${keys}`);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.results[0]?.value).toBe(screen.getByRole('button', { name: 'Comment' }));
    // The key press itself adds no new line.
    expect(screen.getByLabelText('Comment')).toHaveValue('Looks good');
  });

  it.each([
    ['Enter alone', '{Enter}'],
    ['Shift-Ctrl-Enter', '{Shift>}{Control>}{Enter}{/Control}{/Shift}'],
    ['Alt-Ctrl-Enter', '{Alt>}{Control>}{Enter}{/Control}{/Alt}'],
    ['Ctrl-Meta-Enter', '{Control>}{Meta>}{Enter}{/Meta}{/Control}'],
  ])('%s does not submit', async (_, keys) => {
    const onSubmit = renderForm();
    await userEvent.click(screen.getByLabelText('Comment'));
    await userEvent.keyboard(keys);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('does not submit when the submit button is disabled (requiring input)', async () => {
    const onSubmit = vi.fn((e: FormEvent) => e.preventDefault());
    render(
      // noValidate: only the disabled button may stop the submission here.
      <Form quickSubmit requiresInput noValidate onSubmit={onSubmit}>
        <label htmlFor="c">Comment</label>
        <textarea id="c" required />
        <button type="submit">Comment</button>
      </Form>,
    );
    await userEvent.click(screen.getByLabelText('Comment'));
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.keyboard('Done{Control>}{Enter}{/Control}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('goes through validation like a click', async () => {
    const onSubmit = vi.fn((e: FormEvent) => e.preventDefault());
    render(
      <Form quickSubmit onSubmit={onSubmit}>
        <label htmlFor="t">Title</label>
        <input id="t" required />
        <label htmlFor="c">Comment</label>
        <textarea id="c" />
        <button type="submit">Save</button>
      </Form>,
    );
    await userEvent.click(screen.getByLabelText('Comment'));
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Title')).toHaveFocus();
    expect(screen.getByText(REQUIRED)).toBeInTheDocument();
  });

  it('submits a form without a submit button', async () => {
    document.body.innerHTML = `<form><input aria-label="Search"></form>`;
    const form = document.querySelector('form')!;
    const onSubmit = vi.fn((e: Event) => e.preventDefault());
    form.addEventListener('submit', onSubmit);
    const cleanup = initQuickSubmit(form);
    await userEvent.click(screen.getByLabelText('Search'));
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    cleanup();
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    document.body.innerHTML = '';
  });

  it('words the hint for the platform when asked, not when imported', () => {
    const platform = vi.spyOn(navigator, 'platform', 'get');
    platform.mockReturnValue('MacIntel');
    expect(quickSubmitHint()).toBe('You can also press ⌘-Enter');
    platform.mockReturnValue('Win32');
    expect(quickSubmitHint()).toBe('You can also press Ctrl-Enter');
    platform.mockReturnValue('Linux x86_64');
    expect(quickSubmitHint()).toBe(QUICK_SUBMIT_HINT.default);
    platform.mockReturnValue('iPhone');
    expect(quickSubmitHint()).toBe(QUICK_SUBMIT_HINT.apple);
  });
});

describe('Submit disable', () => {
  it('waits 13 ms (spec section 9)', () => {
    expect(FORM_SUBMIT_DISABLE_DELAY).toBe(13);
  });

  function serverForm() {
    document.body.innerHTML = `<form action="/save" method="post">
      <input name="title" aria-label="Title" value="Bug">
      <button name="action" value="save">Save</button>
      <input type="submit" value="Save and close">
      <button type="button">Cancel</button>
    </form>`;
    const form = document.querySelector('form')!;
    return form;
  }

  it('disables the submit buttons 13 ms after a submission that goes ahead', () => {
    vi.useFakeTimers();
    const form = serverForm();
    let data: FormData | undefined;
    // What the browser sends: built after the submit event, with the submitter still enabled.
    form.addEventListener('submit', (event) => {
      data = new FormData(form, (event as SubmitEvent).submitter);
    });
    const cleanup = initDisableOnSubmit(form);
    const save = screen.getByRole('button', { name: 'Save' });
    fireEvent(form, new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: save }));
    expect(data?.get('action')).toBe('save');
    act(() => vi.advanceTimersByTime(FORM_SUBMIT_DISABLE_DELAY - 1));
    expect(save).toBeEnabled();
    act(() => vi.advanceTimersByTime(1));
    expect(save).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save and close' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    cleanup();
    expect(save).toBeEnabled();
    document.body.innerHTML = '';
  });

  it('disables nothing when a handler took the submission over', () => {
    vi.useFakeTimers();
    const form = serverForm();
    form.addEventListener('submit', (event) => event.preventDefault());
    const cleanup = initDisableOnSubmit(form);
    fireEvent.submit(form);
    act(() => vi.advanceTimersByTime(FORM_SUBMIT_DISABLE_DELAY * 10));
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    cleanup();
    document.body.innerHTML = '';
  });

  it('enables the buttons again when the page comes back from the back-forward cache', () => {
    vi.useFakeTimers();
    const form = serverForm();
    const cleanup = initDisableOnSubmit(form);
    fireEvent.submit(form);
    act(() => vi.advanceTimersByTime(FORM_SUBMIT_DISABLE_DELAY));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    cleanup();
    document.body.innerHTML = '';
  });

  it('leaves a React form that handles its own submit alone, and keepSubmitEnabled opts out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { rerender } = render(
      <Form onSubmit={(e) => e.preventDefault()}>
        <button type="submit">Save</button>
      </Form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    act(() => vi.advanceTimersByTime(FORM_SUBMIT_DISABLE_DELAY));
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    rerender(
      <Form keepSubmitEnabled onSubmit={() => undefined} action="#">
        <button type="submit">Save</button>
      </Form>,
    );
    const form = screen.getByRole('button', { name: 'Save' }).closest('form')!;
    // Keeps jsdom from attempting the navigation, after every other listener ran.
    document.addEventListener('submit', (e) => queueMicrotask(() => e.preventDefault()), { once: true });
    fireEvent(form, new SubmitEvent('submit', { bubbles: true, cancelable: true }));
    act(() => vi.advanceTimersByTime(FORM_SUBMIT_DISABLE_DELAY));
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});

describe('initForms', () => {
  it('enhances the marked server-rendered forms under a root', async () => {
    const root = document.createElement('div');
    root.innerHTML = `
      <form novalidate data-validate data-requires-input data-quick-submit aria-label="Marked">
        <input aria-label="Name" required><button>Save</button>
      </form>
      <form aria-label="Plain"><input aria-label="Other" required><button>Go</button></form>`;
    document.body.append(root);
    const cleanup = initForms(root);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Go' })).toBeEnabled();
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    expect(save).toBeEnabled();
    await userEvent.clear(screen.getByLabelText('Name'));
    cleanup();
    expect(save).toBeEnabled();
    root.remove();
  });
});

describe('TextField', () => {
  it('labels its input and passes input props through', () => {
    const ref = createRef<HTMLInputElement>();
    render(<TextField label="Project name" description="Shown in the sidebar" name="name" ref={ref} />);
    const input = screen.getByRole('textbox', { name: 'Project name' });
    expect(ref.current).toBe(input);
    expect(input).toHaveAttribute('name', 'name');
    expect(input).toHaveAccessibleDescription('Shown in the sidebar');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('shows the rule message live, with aria-invalid and aria-describedby, and sets the custom validity', async () => {
    const onChange = vi.fn();
    render(
      <TextField
        label="Code"
        aria-describedby="outside"
        onChange={onChange}
        validate={(v) => (v.includes('!') ? 'No exclamation marks' : '')}
      />,
    );
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Code' });
    await userEvent.type(input, 'hi!');
    expect(onChange).toHaveBeenLastCalledWith('hi!', expect.anything());
    const error = screen.getByText('No exclamation marks');
    expect(error).toHaveClass('fk-form__error');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toEqual([error.id, 'outside']);
    expect(input.validationMessage).toBe('No exclamation marks');
    expect(input.closest('[data-component="TextField"]')).toHaveAttribute('data-state', 'invalid');
    await userEvent.type(input, '{Backspace}');
    expect(screen.queryByText('No exclamation marks')).not.toBeInTheDocument();
    expect(input.validity.valid).toBe(true);
  });

  it('inside a Form: shows its own required message once, blocks the submit, focuses', async () => {
    const onSubmit = submitSpy();
    render(
      <Form onSubmit={onSubmit}>
        <TextField label="Title" required />
        <button type="submit">Save</button>
      </Form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
    const input = screen.getByRole('textbox', { name: 'Title' });
    expect(input).toHaveFocus();
    expect(screen.getAllByText(REQUIRED)).toHaveLength(1);
    expect(input).toHaveAccessibleDescription(REQUIRED);
    await userEvent.type(input, 'A');
    expect(screen.queryByText(REQUIRED)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('uses the title for a failed native constraint', async () => {
    render(
      <Form onSubmit={submitSpy()}>
        <TextField label="Key" pattern="[A-Z]+" title="Capital letters only" defaultValue="abc" />
        <button type="submit">Save</button>
      </Form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Capital letters only')).toBeInTheDocument();
  });

  it('is controlled by value', async () => {
    const onChange = vi.fn();
    render(<TextField label="Name" value="fixed" onChange={onChange} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'x');
    expect(onChange).toHaveBeenCalledWith('fixedx', expect.anything());
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('fixed');
  });
});
