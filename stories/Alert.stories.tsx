import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useRef } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  Alert,
  ALERT_VARIANTS,
  createAlert,
  GLOBAL_ALERTS_STORAGE_KEY,
  setGlobalAlerts,
  showGlobalAlerts,
  type AlertHandle,
} from '../src/components/Alert';
import { removeStorage } from '../src/utils/storage';

const stack = { display: 'grid', gap: 12 } as const;

/** Realistic copy per variant, from the product's flows. */
const COPY = {
  danger: { title: 'Pipeline failed', message: 'The pipeline for main failed at the test stage.' },
  warning: { title: 'Storage almost full', message: 'You have used 95% of the storage quota for Acme Corp.' },
  success: { title: 'Project imported', message: 'gitlab-org/gitlab-runner was imported with 1,204 issues.' },
  info: { title: 'Maintenance tonight', message: 'Git operations may be slow between 02:00 and 04:00 UTC.' },
  tip: { title: 'Try merge trains', message: 'Merge trains keep main green by testing merges in order.' },
} as const;

const meta = {
  title: 'Components/Alert',
  component: Alert,
  args: {
    variant: 'danger',
    title: 'Pipeline failed',
    children: 'The pipeline for main failed at the test stage.',
    isDismissible: false,
  },
  argTypes: {
    variant: { control: 'select', options: ALERT_VARIANTS },
    title: { control: 'text' },
    children: { control: 'text' },
  },
  beforeEach: () => {
    removeStorage('session', GLOBAL_ALERTS_STORAGE_KEY);
  },
  parameters: {
    docs: {
      description: {
        component:
          'A message about the page or the result of the last action (GitLab UI `GlAlert`). **Variants** (spec ' +
          'section 4): `danger` (default), `warning`, `success`, `info`, `tip`, each with its icon and its icon ' +
          'named for screen readers ("Error", "Warning", "Success", "Information", "Tip"), so colour is never the ' +
          'only cue. An unknown variant falls back to `danger` with a `console.warn` outside production.\n\n' +
          '**Roles:** `danger` and `warning` are `role="alert"` (assertive: read out at once); `info`, `success` ' +
          'and `tip` are `role="status"` (polite). An alert present when the page loads is not announced; one ' +
          'added later is.\n\n' +
          '**Do** say what happened and what to do next, with at most two actions (`primaryAction` filled, ' +
          "`secondaryAction` outlined; each a button, or a link with `href`). **Don't** stack many alerts or use " +
          'one for a passing confirmation: use a toast (`showToast`) for that.\n\n' +
          '**From code:** `createAlert({ message | messageHtml, title, variant, isDismissible, primaryAction, ' +
          "secondaryAction, onDismiss, parent, preservePrevious })` mounts an alert in the page's `.flash-container` " +
          '(its own React root, unmounted on dismiss), replacing earlier ones unless `preservePrevious`. ' +
          '`messageHtml` always goes through `sanitizeHtml` (loaded on first use; the plain text shows until then). ' +
          'No container: it throws a clear error.\n\n' +
          '**Global alerts** (session storage under `forgekit:global-alerts`): `setGlobalAlerts`, ' +
          '`addGlobalAlert`, `getGlobalAlerts`, `removeGlobalAlert`; call `showGlobalAlerts()` when a page starts. ' +
          'An alert without `persistOnPages` shows once; one with pages (matched against `body[data-page]`, e.g. ' +
          '`projects:show`) shows on those pages until dismissed; dismissing removes it from the container and ' +
          'from storage by id.\n\n' +
          '**Keyboard:** links and actions are in the Tab order; the close button (named "Dismiss") takes Enter ' +
          'or Space. When an alert holding focus is dismissed, focus moves to the next focusable element after ' +
          "it (the next alert's close button in a stack), never to the top of the page.",
      },
    },
  },
} satisfies Meta<typeof Alert>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Playground: Story = {
  args: {
    variant: 'info',
    title: 'Maintenance tonight',
    children: 'Git operations may be slow between 02:00 and 04:00 UTC.',
    isDismissible: true,
    primaryAction: { text: 'View status page', href: '#status' },
  },
};

/** Every variant with a title: its colour, icon and role. */
export const AllVariants: Story = {
  render: (args) => (
    <div style={stack}>
      {ALERT_VARIANTS.map((variant) => (
        <Alert key={variant} {...args} variant={variant} title={COPY[variant].title}>
          {COPY[variant].message}
        </Alert>
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findAllByRole('alert')).toHaveLength(2);
    await expect(await canvas.findAllByRole('status')).toHaveLength(3);
    await expect(canvas.getByRole('img', { name: 'Tip' })).toBeVisible();
  },
};

/** Every variant without a title: the message alone. */
export const WithoutTitle: Story = {
  render: (args) => (
    <div style={stack}>
      {ALERT_VARIANTS.map((variant) => (
        <Alert key={variant} {...args} variant={variant} title={undefined}>
          {COPY[variant].message}
        </Alert>
      ))}
    </div>
  ),
};

/** Every variant with the close button, named "Dismiss". */
export const Dismissible: Story = {
  render: (args) => (
    <div style={stack}>
      {ALERT_VARIANTS.map((variant) => (
        <Alert key={variant} {...args} variant={variant} title={COPY[variant].title} isDismissible>
          {COPY[variant].message}
        </Alert>
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findAllByRole('button', { name: 'Dismiss' })).toHaveLength(ALERT_VARIANTS.length);
  },
};

/** Primary (filled) and secondary (outlined) actions, as buttons or links, in every variant. */
export const WithActions: Story = {
  render: (args) => (
    <div style={stack}>
      {ALERT_VARIANTS.map((variant) => (
        <Alert
          key={variant}
          {...args}
          variant={variant}
          title={COPY[variant].title}
          isDismissible
          primaryAction={{ text: 'Retry pipeline', onClick: () => {} }}
          secondaryAction={{ text: 'View job log', href: '#job-log' }}
        >
          {COPY[variant].message}
        </Alert>
      ))}
    </div>
  ),
};

/** Links inside the message are underlined and reachable with Tab. */
export const LinksInMessage: Story = {
  render: (args) => (
    <div style={stack}>
      {ALERT_VARIANTS.map((variant) => (
        <Alert key={variant} {...args} variant={variant} title={undefined}>
          {COPY[variant].message} <a href="#docs">Read the documentation</a>.
        </Alert>
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    await userEvent.tab();
    await expect(canvas.getAllByRole('link', { name: 'Read the documentation' })[0]).toHaveFocus();
  },
};

/**
 * Keyboard: dismissing the first of two alerts moves focus to the second alert's close button,
 * then to the button after the stack.
 */
export const FocusAfterDismiss: Story = {
  render: (args) => (
    <div style={stack}>
      <Alert {...args} variant="warning" title="Token expires soon" isDismissible>
        Your personal access token ci-bot expires in 7 days.
      </Alert>
      <Alert {...args} variant="info" title={undefined} isDismissible>
        Two-factor authentication is recommended for your account.
      </Alert>
      <button type="button" style={{ justifySelf: 'start' }}>
        Continue
      </button>
    </div>
  ),
  play: async ({ canvas }) => {
    const [first] = await canvas.findAllByRole('button', { name: 'Dismiss' });
    first!.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Dismiss' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Continue' })).toHaveFocus());
  },
};

function FlashDemo({ onReady }: { onReady: (container: HTMLElement, handles: AlertHandle[]) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const handles: AlertHandle[] = [];
    if (ref.current) onReady(ref.current, handles);
    return () => {
      for (const handle of handles) handle.dismiss();
    };
  }, [onReady]);
  return <div ref={ref} className="flash-container" style={stack} />;
}

/**
 * `createAlert()` mounts alerts into the page's `.flash-container`; with `preservePrevious` they
 * stack, and `messageHtml` is sanitised (the script and the `onclick` below never arrive).
 */
export const CreateAlert: Story = {
  render: () => (
    <FlashDemo
      onReady={(container, handles) => {
        handles.push(
          createAlert({
            parent: container,
            title: 'Could not save the merge request',
            messageHtml:
              'Title cannot have more than 255 characters. <a href="#rules" onclick="alert(1)">See the rules</a>.' +
              '<script>alert(2)</script>',
          }),
          createAlert({
            parent: container,
            preservePrevious: true,
            variant: 'success',
            message: 'Your changes were saved.',
            primaryAction: { text: 'View merge request', href: '#mr' },
          }),
        );
      }}
    />
  ),
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(await within(alert).findByRole('link', { name: 'See the rules' })).not.toHaveAttribute('onclick');
    await expect(await canvas.findByRole('status')).toHaveTextContent('Your changes were saved.');
  },
};

/**
 * Global alerts survive a redirect: stored in session storage, shown by `showGlobalAlerts()` on
 * the next page. This page is `projects:show`: the once-only alert shows (and is forgotten), the
 * one persisting on `projects:show` shows and stays stored until dismissed, and the one for
 * `projects:issues:index` waits for that page.
 */
export const GlobalAlerts: Story = {
  render: () => (
    <FlashDemo
      onReady={(container, handles) => {
        setGlobalAlerts([
          { id: 'project-deleted', variant: 'success', message: "Project 'legacy-api' is being deleted." },
          {
            id: 'import-running',
            variant: 'info',
            title: 'Import in progress',
            message: 'Issues are still being imported; new ones appear as they arrive.',
            persistOnPages: ['projects:show'],
          },
          {
            id: 'issues-only',
            variant: 'warning',
            message: 'Shown on the issues list only.',
            persistOnPages: ['projects:issues:index'],
          },
        ]);
        handles.push(...showGlobalAlerts({ parent: container, page: 'projects:show' }));
      }}
    />
  ),
  play: async ({ canvas }) => {
    const shown = await canvas.findAllByRole('status');
    await expect(shown.map((alert) => alert.textContent)).toEqual([
      expect.stringContaining("Project 'legacy-api' is being deleted."),
      expect.stringContaining('Issues are still being imported'),
    ]);
    await expect(canvas.queryByText('Shown on the issues list only.')).toBeNull();
  },
};
