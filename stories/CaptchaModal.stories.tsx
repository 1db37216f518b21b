import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState, type CSSProperties } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  CaptchaModal,
  CaptchaProviderContext,
  waitForCaptchaToBeSolved,
  type CaptchaModalProps,
} from '../src/components/CaptchaModal';
import { createTestCaptchaProvider } from '../src/components/CaptchaModal/testCaptchaProvider';
import { withViewportFill } from './support/overlay';

/** Story-only trigger styling (there is no Button component yet). */
const trigger: CSSProperties = {
  padding: 'var(--fk-space-2) var(--fk-space-4)',
  border: 'thin solid var(--fk-color-border-strong)',
  borderRadius: 'var(--fk-radius-md)',
  background: 'var(--fk-color-background-default)',
  color: 'var(--fk-color-text-default)',
  font: 'inherit',
};

const SITE_KEY = '6Lc-example-site-key';
const TITLE = 'Please solve the captcha';

const page = (context: { canvasElement: HTMLElement }) => within(context.canvasElement.ownerDocument.body);

/** The stand-in captcha for stories: an 'I am not a robot' checkbox (no network, no real reCAPTCHA). */
const testProvider = createTestCaptchaProvider();

function CaptchaDemo(props: Omit<CaptchaModalProps, 'onSolved'>) {
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState('Not solved');
  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
      <button type="button" style={trigger} onClick={() => setOpen(true)}>
        Create issue
      </button>
      <output aria-label="Captcha">{status}</output>
      <CaptchaModal
        {...props}
        open={open}
        onOpenChange={setOpen}
        onSolved={(response) => setStatus(`Solved: ${response}`)}
      />
    </div>
  );
}

const meta = {
  title: 'Components/CaptchaModal',
  component: CaptchaModal,
  args: { siteKey: SITE_KEY, onSolved: () => {} },
  argTypes: { provider: { control: false }, onSolved: { control: false } },
  render: (args) => (
    <CaptchaProviderContext.Provider value={testProvider}>
      <CaptchaDemo {...args} />
    </CaptchaProviderContext.Provider>
  ),
  decorators: [withViewportFill],
  parameters: {
    docs: {
      description: {
        component:
          'Asks for a captcha when the server refuses a write request with `needs_captcha_response` (spec ' +
          'section 4, "Captcha": a captcha is solved and the request repeated with captcha headers; the request ' +
          'is paused until then). `waitForCaptchaToBeSolved(siteKey)` opens it in its own React root and resolves ' +
          'with the response, or rejects with `UnsolvedCaptchaError` ("You must solve the CAPTCHA in order to ' +
          'submit") when the modal is closed without solving; the caller then repeats the request with ' +
          '`X-GitLab-Captcha-Response` and `X-GitLab-Spam-Log-Id`.\n\n' +
          '**The captcha is injected:** any object with `render(container, { sitekey, callback })` (Google’s ' +
          '`grecaptcha` fits as it is), or a function that loads one. Give it with the `provider` prop, ' +
          '`CaptchaProviderContext`, or `setCaptchaProvider()` (used by `waitForCaptchaToBeSolved`). These ' +
          'stories use a stand-in that renders an "I am not a robot" checkbox.\n\n' +
          '**Keyboard and screen readers:** a modal dialog named "Please solve the captcha"; the widget and ' +
          'Cancel are in the Tab cycle; Escape, Cancel and the close button leave it unsolved.',
      },
    },
  },
} satisfies Meta<typeof CaptchaModal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The modal with the stand-in captcha, opened by its trigger. */
export const Default: Story = {
  play: async (context) => {
    await userEvent.click(within(context.canvasElement).getByRole('button', { name: 'Create issue' }));
    const dialog = await page(context).findByRole('dialog', { name: TITLE });
    await expect(dialog).toHaveTextContent('We want to be sure it is you, please confirm you are not a robot.');
    await expect(await page(context).findByRole('checkbox', { name: 'I am not a robot' })).toBeVisible();
  },
};

export const Playground: Story = {};

/** Solving the captcha (here with the keyboard: Tab to it, Space) reports the response and closes the modal. */
export const Solved: Story = {
  play: async (context) => {
    const canvas = within(context.canvasElement);
    canvas.getByRole('button', { name: 'Create issue' }).focus();
    await userEvent.keyboard('{Enter}');
    const checkbox = await page(context).findByRole('checkbox', { name: 'I am not a robot' });
    for (let i = 0; i < 5 && !checkbox.matches(':focus'); i += 1) await userEvent.tab();
    await expect(checkbox).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(await canvas.findByText('Solved: test-captcha-response')).toBeVisible();
    await waitFor(() => expect(page(context).queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Create issue' })).toHaveFocus());
  },
};

/** A write request refused with `needs_captcha_response`, paused until the captcha is solved, then repeated. */
function PausedRequest() {
  const [log, setLog] = useState<string[]>([]);
  const [controller] = useState(() => new AbortController());
  // Leaving the story closes a captcha still open.
  useEffect(() => () => controller.abort(), [controller]);
  const submit = async () => {
    setLog(['POST /issues: 409 needs_captcha_response']);
    try {
      const response = await waitForCaptchaToBeSolved(SITE_KEY, { provider: testProvider, signal: controller.signal });
      setLog((lines) => [...lines, `POST /issues again with X-GitLab-Captcha-Response: ${response}`]);
    } catch (error) {
      setLog((lines) => [...lines, `Not sent: ${(error as Error).message}`]);
    }
  };
  return (
    <div style={{ display: 'grid', gap: 8, justifyItems: 'start' }}>
      <button type="button" style={trigger} onClick={() => void submit()}>
        Submit issue
      </button>
      <ol aria-label="Requests">
        {log.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ol>
    </div>
  );
}

/**
 * `waitForCaptchaToBeSolved(siteKey)`: closing the modal unsolved rejects (the request is not
 * repeated); solving it resolves with the response and the request goes again.
 */
export const WaitForCaptcha: Story = {
  render: () => <PausedRequest />,
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Submit issue' }));
    await page(context).findByRole('checkbox', { name: 'I am not a robot' });
    await userEvent.keyboard('{Escape}');
    await expect(await canvas.findByText('Not sent: You must solve the CAPTCHA in order to submit')).toBeVisible();

    await waitFor(() => expect(page(context).queryByRole('dialog')).toBeNull());
    await userEvent.click(canvas.getByRole('button', { name: 'Submit issue' }));
    await userEvent.click(await page(context).findByRole('checkbox', { name: 'I am not a robot' }));
    await expect(
      await canvas.findByText('POST /issues again with X-GitLab-Captcha-Response: test-captcha-response'),
    ).toBeVisible();
  },
};
