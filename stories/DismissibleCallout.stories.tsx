import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Icon } from '../src/components/Icon';
import {
  CALLOUT_DISMISS_ERROR,
  CALLOUT_FOLLOW_ERROR,
  DismissibleCallout,
  forgetDismissedCallouts,
  initDismissibleCallouts,
  type CalloutDismissal,
} from '../src/components/DismissibleCallout';

const ENDPOINT = '/-/users/callouts';
const GROUP_ENDPOINT = '/-/users/group_callouts';

const accepted = () => Promise.resolve();
const rejected = () => Promise.reject(new Error('Request failed with status code 500'));
const stayHere = () => {};

const meta = {
  title: 'Components/DismissibleCallout',
  component: DismissibleCallout,
  args: {
    featureName: 'personal_access_token_expiry',
    dismissEndpoint: ENDPOINT,
    variant: 'warning',
    title: 'Your personal access token will expire in 7 days or less',
    children: 'Your token ci-bot expires on 2030-06-21. Create a new token and update the places that use it.',
    sendDismissal: accepted,
    navigate: stayHere,
  },
  beforeEach: () => {
    forgetDismissedCallouts();
  },
  parameters: {
    docs: {
      description: {
        component:
          'A callout the user dismisses for good: about 27 server-rendered ones in the product, ' +
          'on token expiry, license seat thresholds, storage limits, compute minute limits, a disabled webhook, ' +
          'a free-plan namespace over its user limit, trials and registration settings. It is an `Alert` ' +
          '(same variants, title and actions) whose close button registers the dismissal.\n\n' +
          '**Dismissing**: close POSTs `{ feature_name, group_id, namespace_id, ' +
          'project_id }` to `dismissEndpoint` (adapter `sendDismissal`, default `postJson` with the CSRF token). ' +
          'On success the callout goes, is remembered in session storage (so a cached page does not bring it ' +
          'back) and a **deferred link** (an action with `mode: "deferred"`) then opens. On failure it stays and ' +
          `the alert "${CALLOUT_DISMISS_ERROR}" shows in the flash container. A **follow link** (\`mode: ` +
          '"follow"`) registers the dismissal with `feature_name` only, then navigates; on failure: ' +
          `"${CALLOUT_FOLLOW_ERROR}". Only http(s) links are followed.\n\n` +
          '**Server-rendered markup:** `initDismissibleCallouts(root = document)` enhances ' +
          '`.js-persistent-callout` elements (`data-dismiss-endpoint`, `data-feature-id`, `data-group-id`, ' +
          '`data-namespace-id`, `data-project-id`) with a `.js-close` button and optional `.js-deferred-link` / ' +
          '`.js-follow-link`; it returns a cleanup function.\n\n' +
          "**Do** say what happens at the limit and what to do. **Don't** use it for messages that must stay " +
          '(a dismissed callout is gone for good).\n\n' +
          '**Keyboard:** the close button ("Dismiss") and actions are in the Tab order. While the request runs, ' +
          'focus stays; on success it moves to the next focusable element; on failure it stays on the button so ' +
          'the user can try again.',
      },
    },
  },
} satisfies Meta<typeof DismissibleCallout>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Token expiry: a personal access token about to expire. */
export const Default: Story = {};

export const Playground: Story = {
  args: { variant: 'info', title: 'Playground callout', children: 'Close me: the fake endpoint accepts.' },
};

/** Token expiry, with the renewal page as a deferred link: dismissing first, then opening it. */
export const TokenExpiry: Story = {
  args: {
    featureName: 'personal_access_token_expiry',
    title: 'Your personal access token expires in 3 days',
    children: 'The token ci-bot (scopes: api, read_repository) expires on 2030-06-17.',
    primaryAction: { text: 'Renew token', href: '#/-/user_settings/personal_access_tokens', mode: 'deferred' },
  },
};

/** License seat thresholds: seats almost used up. */
export const LicenseSeatThreshold: Story = {
  args: {
    featureName: 'active_user_count_threshold',
    variant: 'warning',
    title: 'Your instance has 2 seats remaining',
    children:
      'Your license allows 100 users and 98 are active. When you reach the limit, new users are added as ' +
      'overages and billed at your next reconciliation.',
    primaryAction: { text: 'Purchase more seats', href: '#/-/subscriptions/seats', mode: 'deferred' },
    secondaryAction: {
      text: 'Learn about seat usage',
      href: '#/help/subscriptions/quarterly_reconciliation',
      mode: 'follow',
    },
  },
};

/** Storage limits: a namespace near its storage quota. */
export const StorageLimit: Story = {
  args: {
    featureName: 'namespace_storage_limit_alert_warning_threshold',
    groupId: 4411,
    namespaceId: 4411,
    dismissEndpoint: GROUP_ENDPOINT,
    variant: 'warning',
    title: 'You have used 95% of the storage quota for Acme Corp',
    children:
      'If Acme Corp reaches 100% of its 10 GiB quota, you cannot push to its repositories, create pipelines, ' +
      'or upload packages and artifacts.',
    primaryAction: { text: 'Purchase more storage', href: '#/groups/acme/-/usage_quotas', mode: 'deferred' },
  },
};

/** Minute limits: compute minutes almost used up. */
export const ComputeMinuteLimit: Story = {
  args: {
    featureName: 'ci_minutes_limit_alert_warning_stage',
    namespaceId: 4411,
    variant: 'danger',
    title: 'Acme Corp has 5% or less of its compute minutes remaining',
    children:
      'Acme Corp has used 3,825 of its 4,000 compute minutes this month. When they run out, pipelines on ' +
      'instance runners stop until the minutes reset on 1 July.',
    primaryAction: { text: 'Buy more compute minutes', href: '#/-/subscriptions/buy_minutes', mode: 'deferred' },
    secondaryAction: { text: 'See usage statistics', href: '#/groups/acme/-/usage_quotas#pipelines', mode: 'follow' },
  },
};

/** Disabled web hook: a failing webhook was turned off. */
export const DisabledWebhook: Story = {
  args: {
    featureName: 'web_hook_disabled',
    projectId: 278964,
    dismissEndpoint: '/-/users/project_callouts',
    variant: 'danger',
    title: 'Webhook disabled',
    children: (
      <>
        A webhook in this project was automatically disabled after being retried multiple times. Check the{' '}
        <a href="#hooks">recent events</a> and re-enable it.
      </>
    ),
    primaryAction: { text: 'Go to webhooks', href: '#/acme/api/-/hooks', mode: 'deferred' },
  },
};

/** User over limit on the free plan: a free top-level group over its user limit. */
export const FreeUserLimit: Story = {
  args: {
    featureName: 'preview_user_over_limit_free_plan_alert',
    namespaceId: 9921,
    dismissEndpoint: GROUP_ENDPOINT,
    variant: 'warning',
    title: 'Your top-level group Hobby Club is over the 5 user limit',
    children:
      'Free top-level groups are limited to 5 users. Hobby Club has 7. Remove users or upgrade to a paid plan ' +
      'to keep them all.',
    primaryAction: { text: 'Manage members', href: '#/groups/hobby-club/-/usage_quotas', mode: 'deferred' },
    secondaryAction: { text: 'Explore paid plans', href: '#/-/subscriptions/new', mode: 'follow' },
  },
};

/** Trial alerts: the trial ends soon. */
export const TrialEnding: Story = {
  args: {
    featureName: 'trial_status_reminder_d3',
    namespaceId: 5120,
    dismissEndpoint: GROUP_ENDPOINT,
    variant: 'info',
    title: 'Your Ultimate trial ends in 3 days',
    children:
      'After the trial, Acme Corp moves to the Free plan and loses security dashboards, epics and merge ' +
      'request approvals.',
    primaryAction: { text: 'Upgrade now', href: '#/-/subscriptions/new?plan=ultimate', mode: 'deferred' },
  },
};

/** Trial alerts: a tip once the trial has started. */
export const TrialStarted: Story = {
  args: {
    featureName: 'ultimate_trial',
    variant: 'tip',
    title: 'Your 30-day Ultimate trial has started',
    children: 'Try security scanning on your next merge request: it is switched on for Acme Corp.',
    primaryAction: { text: 'Learn about security scanning', href: '#/help/user/application_security', mode: 'follow' },
  },
};

/** Registration settings: open sign-up on a public instance. */
export const RegistrationSettings: Story = {
  args: {
    featureName: 'registration_enabled_callout',
    variant: 'warning',
    title: 'Check your sign-up restrictions',
    children:
      'Your instance allows anyone to register for an account, which is a security risk on public-facing ' +
      'instances. Consider turning off new sign-ups or requiring administrator approval.',
    primaryAction: {
      text: 'Turn off',
      href: '#/admin/application_settings/general#js-signup-settings',
      mode: 'deferred',
    },
    secondaryAction: { text: 'Acknowledge', href: '#/admin', mode: 'follow' },
  },
};

/** A flash container for the failure alerts, and a log of what the adapters saw. */
function FailureFrame({ children }: { children: (flash: HTMLElement | null) => ReactNode }) {
  const [flash, setFlash] = useState<HTMLElement | null>(null);
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <div ref={setFlash} className="flash-container" />
      {children(flash)}
    </div>
  );
}

/** Failure: the dismissal request fails, the callout stays and the spec's error alert shows. */
export const DismissFailure: Story = {
  render: (args) => (
    <FailureFrame>
      {(flash) => <DismissibleCallout {...args} sendDismissal={rejected} alertParent={flash ?? undefined} />}
    </FailureFrame>
  ),
  play: async ({ canvas }) => {
    const dismiss = await canvas.findByRole('button', { name: 'Dismiss' });
    await userEvent.click(dismiss);
    await expect(await canvas.findByText(CALLOUT_DISMISS_ERROR)).toBeVisible();
    await expect(canvas.getByText(/Your token ci-bot expires/)).toBeVisible();
    await waitFor(() => expect(dismiss).toHaveFocus());
  },
};

/** Failure: acknowledging through the follow link fails; no navigation, the spec's error shows. */
export const FollowFailure: Story = {
  render: (args) => (
    <FailureFrame>
      {(flash) => (
        <DismissibleCallout
          {...args}
          featureName="registration_enabled_callout"
          title="Check your sign-up restrictions"
          secondaryAction={{ text: 'Acknowledge', href: '#/admin', mode: 'follow' }}
          sendDismissal={rejected}
          alertParent={flash ?? undefined}
        >
          Your instance allows anyone to register for an account.
        </DismissibleCallout>
      )}
    </FailureFrame>
  ),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('link', { name: 'Acknowledge' }));
    await expect(await canvas.findByText(CALLOUT_FOLLOW_ERROR)).toBeVisible();
  },
};

/** Success: the callout goes, focus moves on, and the deferred link opens after the server agreed. */
export const DeferredLinkAfterDismissal: Story = {
  render: function Render(args) {
    const [log, setLog] = useState<string[]>([]);
    return (
      <div style={{ display: 'grid', gap: 12, justifyItems: 'start' }}>
        <DismissibleCallout
          {...args}
          featureName="trial_status_reminder_d3"
          variant="info"
          title="Your Ultimate trial ends in 3 days"
          primaryAction={{ text: 'Upgrade now', href: '/-/subscriptions/new', mode: 'deferred' }}
          sendDismissal={(endpoint: string, payload: CalloutDismissal) => {
            setLog((lines) => [...lines, `POST ${endpoint} ${JSON.stringify(payload)}`]);
            return Promise.resolve();
          }}
          navigate={(href) => setLog((lines) => [...lines, `Open ${new URL(href).pathname}`])}
        >
          After the trial, Acme Corp moves to the Free plan.
        </DismissibleCallout>
        <button type="button">Next control</button>
        <output aria-label="Events" style={{ whiteSpace: 'pre-wrap' }}>
          {log.join('\n')}
        </output>
      </div>
    );
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('link', { name: 'Upgrade now' }));
    const events = canvas.getByRole('status', { name: 'Events' });
    await waitFor(() => expect(events).toHaveTextContent('Open /-/subscriptions/new'));
    await expect(events).toHaveTextContent('POST /-/users/callouts {"feature_name":"trial_status_reminder_d3"}');
    await expect(canvas.queryByText('Your Ultimate trial ends in 3 days')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Next control' })).toHaveFocus();
  },
};

/** Server-rendered markup (classes of the Alert), made dismissible by `initDismissibleCallouts`. */
function ServerRenderedCallouts({ sendDismissal }: { sendDismissal: () => Promise<void> }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(
    () =>
      ref.current
        ? initDismissibleCallouts(ref.current, { sendDismissal, navigate: stayHere, alertParent: ref.current })
        : undefined,
    [sendDismissal],
  );
  return (
    <div ref={ref} style={{ display: 'grid', gap: 12 }}>
      <div className="flash-container" />
      <div
        className="fk-alert js-persistent-callout"
        role="alert"
        data-variant="danger"
        data-dismiss-endpoint="/-/users/project_callouts"
        data-feature-id="web_hook_disabled"
        data-project-id="278964"
      >
        <Icon name="error" label="Error" className="fk-alert__icon" />
        <div className="fk-alert__content">
          <div className="fk-alert__title">Webhook disabled</div>
          <div className="fk-alert__body">
            A webhook in this project was automatically disabled after being retried multiple times.
          </div>
          <div className="fk-alert__actions">
            <a
              className="fk-button fk-alert__action js-deferred-link"
              data-variant="confirm"
              data-kind="primary"
              href="#/acme/api/-/hooks"
            >
              Go to webhooks
            </a>
            <a
              className="fk-button fk-alert__action js-follow-link"
              data-variant="default"
              data-kind="secondary"
              href="#/help/user/project/integrations/webhooks"
            >
              Learn more
            </a>
          </div>
        </div>
        <button type="button" className="fk-alert__dismiss js-close" aria-label="Dismiss">
          <Icon name="close" />
        </button>
      </div>
      <div
        className="fk-alert js-persistent-callout"
        role="status"
        data-variant="info"
        data-dismiss-endpoint="/-/users/group_callouts"
        data-feature-id="namespace_storage_limit_alert_warning_threshold"
        data-group-id="4411"
        data-namespace-id="4411"
      >
        <Icon name="information-o" label="Information" className="fk-alert__icon" />
        <div className="fk-alert__content">
          <div className="fk-alert__body">You have used 80% of the storage quota for Acme Corp.</div>
        </div>
        <button type="button" className="fk-alert__dismiss js-close" aria-label="Dismiss">
          <Icon name="close" />
        </button>
      </div>
    </div>
  );
}

/** `initDismissibleCallouts()` on server-rendered markup: the storage callout is dismissed. */
export const ServerRenderedMarkup: Story = {
  render: () => <ServerRenderedCallouts sendDismissal={accepted} />,
  play: async ({ canvas }) => {
    const buttons = await canvas.findAllByRole('button', { name: 'Dismiss' });
    await userEvent.click(buttons[1]!);
    await waitFor(() => expect(canvas.queryByText(/80% of the storage quota/)).toBeNull());
    await expect(canvas.getByText('Webhook disabled')).toBeVisible();
  },
};

/** Server-rendered markup whose dismissal fails: the callout stays, the error alert shows. */
export const ServerRenderedFailure: Story = {
  render: () => <ServerRenderedCallouts sendDismissal={rejected} />,
  play: async ({ canvas }) => {
    const [first] = await canvas.findAllByRole('button', { name: 'Dismiss' });
    await userEvent.click(first!);
    const flash = (await canvas.findByText(CALLOUT_DISMISS_ERROR)).closest('.flash-container') as HTMLElement;
    await expect(within(flash).getByRole('alert')).toBeVisible();
    await expect(canvas.getByText('Webhook disabled')).toBeVisible();
  },
};
