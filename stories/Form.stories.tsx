import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useId, useRef, type CSSProperties } from 'react';
import { expect, userEvent, waitFor } from 'storybook/test';
import { BranchNameInput } from '../src/components/BranchNameInput';
import { ColorPicker } from '../src/components/ColorPicker';
import { Form, initForms, TextField } from '../src/components/Form';
import { TitleField } from '../src/components/TitleField';
import { cssVar } from '../src/tokens';

const REQUIRED = 'This field is required.';

// There is no Button component yet: story-local buttons drawn from tokens.
const primary: CSSProperties = {
  padding: `${cssVar('space', '3')} ${cssVar('space', '5')}`,
  border: 0,
  borderRadius: cssVar('radius', 'md'),
  background: cssVar('color', 'action', 'primary', 'background'),
  color: cssVar('color', 'action', 'primary', 'text'),
  font: 'inherit',
  fontWeight: 600,
  cursor: 'pointer',
};
const secondary: CSSProperties = {
  ...primary,
  border: `thin solid ${cssVar('color', 'border', 'strong')}`,
  background: cssVar('color', 'background', 'default'),
  color: cssVar('color', 'text', 'default'),
};
const actions: CSSProperties = { display: 'flex', flexWrap: 'wrap', gap: 8 };
const narrow: CSSProperties = { maxWidth: 320 };

/** The same style as an HTML `style` attribute, for server-rendered markup. */
function styleAttribute(style: CSSProperties): string {
  return Object.entries(style)
    .map(([key, value]) => `${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${value}`)
    .join('; ');
}

/** A labelled textarea drawn like a TextField input (plain markup, as a server page writes it). */
function Description({ required = false, title }: { required?: boolean; title?: string }) {
  const id = useId();
  return (
    <div className="fk-text-field">
      <label className="fk-text-field__label" htmlFor={id}>
        Description
      </label>
      <textarea
        id={id}
        name="description"
        rows={3}
        className="fk-text-field__input"
        required={required}
        title={title}
      />
    </div>
  );
}

const meta = {
  title: 'Components/Form',
  component: Form,
  args: { requiresInput: false, quickSubmit: false, noValidate: false, keepSubmitEnabled: false },
  argTypes: {
    requiresInput: { control: 'boolean' },
    quickSubmit: { control: 'boolean' },
    noValidate: { control: 'boolean' },
    keepSubmitEnabled: { control: 'boolean' },
  },
  render: (args) => (
    <Form {...args} aria-label="New issue" onSubmit={(event) => event.preventDefault()} style={narrow}>
      <TitleField name="title" required />
      <Description />
      <div style={actions}>
        <button type="submit" style={primary}>
          Create issue
        </button>
        <button type="button" style={secondary}>
          Cancel
        </button>
      </div>
    </Form>
  ),
  parameters: {
    docs: {
      description: {
        component:
          "A `<form>` with the product's form behaviours. The same code enhances " +
          'server-rendered forms: `initForms(document)` picks up `<form novalidate data-validate>`, ' +
          '`data-requires-input` and `data-quick-submit`, and `initFormValidation`, `initRequiresInput`, ' +
          '`initQuickSubmit` and `initDisableOnSubmit` take one form each. `useFormBehaviour(ref, options)` attaches ' +
          'them to a form you render yourself.\n\n' +
          '- **Validation** (on by default; `noValidate` turns it off): native browser validity for text, password, ' +
          'email, url and number inputs and textareas. On submit, each invalid field gets `<p class="fk-form__error">` ' +
          "with the field's `title`, or 'This field is required.' without one, `aria-invalid=\"true\"` and the " +
          'paragraph in `aria-describedby` (existing ids kept). The submit is stopped and the first invalid field ' +
          'focused. After that the field is checked as the user types; the error clears once it is valid. Wrap an ' +
          'input group in `data-error-anchor` to put the paragraph after the group.\n' +
          '- **Requiring input** (`requiresInput`): submit buttons stay disabled while a `required` field is empty ' +
          '(whitespace counts as empty).\n' +
          '- **Quick submit** (`quickSubmit`): Ctrl-Enter or Cmd-Enter submits through the first submit button ' +
          "(unless it is disabled). When the submit button gets focus from the keyboard, a tooltip says 'You can " +
          "also press Ctrl-Enter' ('You can also press ⌘-Enter' on Apple platforms); a click shows nothing.\n" +
          '- **Submit disable** (on by default; `keepSubmitEnabled` opts out): 13 ms after a submission that goes ' +
          'ahead, the submit buttons are disabled against double submission. The delay lets the browser send the ' +
          "clicked button's value. A client-side handler that calls `preventDefault` disables nothing.\n\n" +
          '`TextField` is the labelled input these forms use: a `validate` rule shows its message live; native ' +
          'constraints show their message after a submit. `BranchNameInput`, `TitleField` and `ColorPicker` are ' +
          "TextFields with the spec's rules.\n\n" +
          '**Do** give a field with a `pattern` or `type` constraint a `title` that says what is expected: it is the ' +
          "error text. **Don't** use quick submit on forms where Ctrl-Enter should do something else.\n\n" +
          '**Keyboard and screen readers:** errors are read as the description of the focused field; the first ' +
          'invalid field receives focus on submit. The quick-submit hint is a tooltip describing the submit button ' +
          'and hides on blur, Escape or a click.',
      },
    },
  },
} satisfies Meta<typeof Form>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new-issue form: a required title, a description and its actions. */
export const Default: Story = {};

export const Playground: Story = { args: { quickSubmit: true, requiresInput: true } };

/**
 * Submitting with empty required fields: each gets its error paragraph ('This field is required.',
 * or the field's `title`), and the first invalid field has focus.
 */
export const ValidationErrors: Story = {
  render: (args) => (
    <Form {...args} aria-label="Sign up" onSubmit={(event) => event.preventDefault()} style={narrow}>
      <TextField label="Username" name="username" required />
      <TextField label="Email" name="email" type="email" required title="Please provide a valid email address." />
      <Description required title="Tell us what you are working on." />
      <div style={actions}>
        <button type="submit" style={primary}>
          Register
        </button>
      </div>
    </Form>
  ),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Register' }));
    await expect(await canvas.findByText(REQUIRED)).toBeVisible();
    await expect(canvas.getByText('Please provide a valid email address.')).toBeVisible();
    await expect(canvas.getByText('Tell us what you are working on.')).toHaveClass('fk-form__error');
    await expect(canvas.getByRole('textbox', { name: 'Username' })).toHaveFocus();
    await expect(canvas.getByRole('textbox', { name: 'Description' })).toHaveAttribute('aria-invalid', 'true');
  },
};

/** After a failed submit, typing a valid value clears that field's error; the others stay. */
export const ErrorClearsAsYouType: Story = {
  render: ValidationErrors.render,
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Register' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Username' }), 'ada');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await waitFor(() => expect(canvas.queryByText(REQUIRED)).toBeNull());
    await expect(canvas.queryByText('Please provide a valid email address.')).toBeNull();
    await expect(canvas.getByText('Tell us what you are working on.')).toBeVisible();
  },
};

/** `requiresInput`: the submit button stays disabled while the required title is empty. */
export const RequiresInput: Story = {
  args: { requiresInput: true },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Create issue' })).toBeDisabled();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Title' }), '   ');
    await expect(canvas.getByRole('button', { name: 'Create issue' })).toBeDisabled();
  },
};

/** `requiresInput` once the required title has text: the submit button is enabled. */
export const RequiresInputFilled: Story = {
  args: { requiresInput: true },
  play: async ({ canvas }) => {
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Title' }), 'Login fails on Safari');
    await expect(canvas.getByRole('button', { name: 'Create issue' })).toBeEnabled();
  },
};

/**
 * `quickSubmit`: Tab to the submit button shows 'You can also press Ctrl-Enter' ('⌘-Enter' on Apple
 * platforms) above it. A mouse click shows nothing.
 */
export const QuickSubmitHint: Story = {
  args: { quickSubmit: true },
  render: (args) => (
    <Form {...args} aria-label="Comment" onSubmit={(event) => event.preventDefault()} style={narrow}>
      <Description />
      <div style={actions}>
        <button type="submit" style={primary}>
          Comment
        </button>
        <button type="button" style={secondary}>
          Cancel
        </button>
      </div>
    </Form>
  ),
  play: async ({ canvas }) => {
    const textarea = await canvas.findByRole('textbox', { name: 'Description' });
    textarea.focus();
    await userEvent.type(textarea, 'Looks good to me.');
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Comment' })).toHaveFocus();
    const hint = await canvas.findByRole('tooltip');
    await expect(hint).toHaveTextContent('You can also press Ctrl-Enter');
    await expect(canvas.getByRole('button', { name: 'Comment' })).toHaveAccessibleDescription(
      'You can also press Ctrl-Enter',
    );
  },
};

/** A server-rendered form enhanced by `initForms`, after an invalid submit. */
function ServerRenderedForm() {
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();
  useEffect(() => (ref.current ? initForms(ref.current) : undefined), []);
  return (
    <div
      ref={ref}
      style={narrow}
      dangerouslySetInnerHTML={{
        __html: `<form class="fk-form" aria-label="Add SSH key" novalidate data-validate data-quick-submit
            onsubmit="event.preventDefault()">
          <div class="fk-text-field">
            <label class="fk-text-field__label" for="${id}-key">Key</label>
            <textarea class="fk-text-field__input" id="${id}-key" name="key" rows="2" required></textarea>
          </div>
          <div class="fk-text-field">
            <label class="fk-text-field__label" for="${id}-title">Title</label>
            <input class="fk-text-field__input" id="${id}-title" name="title" required
              title="Give the key a title, such as Work laptop.">
          </div>
          <div><button type="submit" style="${styleAttribute(primary)}">Add key</button></div>
        </form>`,
      }}
    />
  );
}

/**
 * Server-rendered markup with `novalidate data-validate data-quick-submit`, enhanced by
 * `initForms(root)`: the same errors as the React form.
 */
export const ServerRendered: Story = {
  render: () => <ServerRenderedForm />,
  play: async ({ canvas, canvasElement }) => {
    const button = await canvas.findByRole('button', { name: 'Add key' });
    // Wait for the enhancer (attached after mount) before submitting.
    await waitFor(() => expect(canvasElement.querySelector('form')?.noValidate).toBe(true));
    await userEvent.click(button);
    await expect(await canvas.findByText(REQUIRED)).toHaveClass('fk-form__error');
    await expect(canvas.getByText('Give the key a title, such as Work laptop.')).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Key' })).toHaveFocus();
  },
};

/**
 * A new-branch form: the branch name is checked as the user types and blocks the
 * submit while it has a forbidden character.
 */
export const NewBranch: Story = {
  args: { requiresInput: true },
  render: (args) => (
    <Form {...args} aria-label="New branch" onSubmit={(event) => event.preventDefault()} style={narrow}>
      <BranchNameInput name="branch_name" required defaultValue="fix login~2" />
      <TextField label="Create from" name="ref" defaultValue="main" required />
      <div style={actions}>
        <button type="submit" style={primary}>
          Create branch
        </button>
      </div>
    </Form>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("Can't contain spaces, ~")).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Create branch' }));
    await expect(canvas.getByRole('textbox', { name: 'Branch name' })).toHaveFocus();
  },
};

/** A new-label form: title and colour. */
export const NewLabel: Story = {
  render: (args) => (
    <Form {...args} aria-label="New label" onSubmit={(event) => event.preventDefault()} style={{ maxWidth: 480 }}>
      <TextField label="Title" name="title" required defaultValue="priority::high" />
      <ColorPicker name="color" label="Background color" defaultValue="#dc143c" required />
      <div style={actions}>
        <button type="submit" style={primary}>
          Create label
        </button>
      </div>
    </Form>
  ),
};

/** On a small phone (320 px viewport): fields take the full width; the actions wrap when they must. */
export const Narrow: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  render: (args) => (
    <Form {...args} aria-label="New issue" onSubmit={(event) => event.preventDefault()}>
      <TitleField name="title" required description="Keep it short and specific." />
      <div style={actions}>
        <button type="submit" style={primary}>
          Create issue
        </button>
        <button type="button" style={secondary}>
          Save as draft
        </button>
        <button type="button" style={secondary}>
          Cancel
        </button>
      </div>
    </Form>
  ),
};
