import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CALLOUT_DISMISS_ERROR,
  CALLOUT_FOLLOW_ERROR,
  DismissibleCallout,
  DISMISSED_CALLOUTS_STORAGE_KEY,
  forgetDismissedCallouts,
  initDismissibleCallouts,
  isCalloutDismissed,
  type DismissibleCalloutProps,
} from '../src/components/DismissibleCallout';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ENDPOINT = '/-/users/callouts';
let flash: HTMLElement;

beforeEach(() => {
  forgetDismissedCallouts();
  flash = document.createElement('div');
  flash.className = 'flash-container';
  document.body.append(flash);
});

afterEach(async () => {
  await act(async () => {});
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

/** A promise the test settles. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function renderCallout(props: Partial<DismissibleCalloutProps> = {}) {
  const sendDismissal = props.sendDismissal ?? vi.fn(() => Promise.resolve());
  const navigate = props.navigate ?? vi.fn();
  const utils = render(
    <DismissibleCallout
      featureName="personal_access_token_expiry"
      groupId={12}
      namespaceId={34}
      projectId={56}
      dismissEndpoint={ENDPOINT}
      variant="warning"
      title="Your personal access token will expire soon"
      {...props}
      sendDismissal={sendDismissal}
      navigate={navigate}
    >
      Your token ci-bot expires in 7 days.
    </DismissibleCallout>,
  );
  return { ...utils, sendDismissal, navigate };
}

describe('DismissibleCallout', () => {
  it('renders an alert with a Dismiss button', () => {
    renderCallout();
    const callout = screen.getByRole('alert');
    expect(callout).toHaveAttribute('data-variant', 'warning');
    expect(callout).toHaveAttribute('data-feature-id', 'personal_access_token_expiry');
    expect(within(callout).getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();
  });

  it('POSTs feature_name, group_id, namespace_id, project_id; on success it goes and is remembered', async () => {
    const request = deferred();
    const onDismiss = vi.fn();
    const { sendDismissal } = renderCallout({ sendDismissal: vi.fn(() => request.promise), onDismiss });
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(sendDismissal).toHaveBeenCalledWith(ENDPOINT, {
      feature_name: 'personal_access_token_expiry',
      group_id: 12,
      namespace_id: 34,
      project_id: 56,
    });
    // Waits for the server before going.
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await act(async () => request.resolve());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onDismiss).toHaveBeenCalledTimes(1);
    expect(
      isCalloutDismissed({ featureName: 'personal_access_token_expiry', groupId: 12, namespaceId: 34, projectId: 56 }),
    ).toBe(true);
    expect(sessionStorage.getItem(DISMISSED_CALLOUTS_STORAGE_KEY)).not.toBeNull();
  });

  it('sends one request for a double click', async () => {
    const request = deferred();
    const { sendDismissal } = renderCallout({ sendDismissal: vi.fn(() => request.promise) });
    await userEvent.dblClick(screen.getByRole('button', { name: 'Dismiss' }));
    expect(sendDismissal).toHaveBeenCalledTimes(1);
    await act(async () => request.resolve());
  });

  it('on failure stays and shows the spec error in the flash container', async () => {
    renderCallout({ sendDismissal: () => Promise.reject(new Error('Request failed with status code 500')) });
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(within(flash).getByRole('alert')).toHaveTextContent(CALLOUT_DISMISS_ERROR));
    expect(CALLOUT_DISMISS_ERROR).toBe('An error occurred while dismissing the alert. Refresh the page and try again.');
    expect(screen.getByText('Your token ci-bot expires in 7 days.')).toBeInTheDocument();
    expect(
      isCalloutDismissed({ featureName: 'personal_access_token_expiry', groupId: 12, namespaceId: 34, projectId: 56 }),
    ).toBe(false);
  });

  it('logs the failure when the page has no flash container', async () => {
    flash.remove();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderCallout({ sendDismissal: () => Promise.reject(new Error('offline')) });
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(CALLOUT_DISMISS_ERROR, expect.any(Error), expect.any(Error)),
    );
  });

  it('renders nothing when remembered as dismissed', async () => {
    const first = renderCallout();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    first.unmount();
    renderCallout();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a deferred link dismisses first, then opens the link', async () => {
    const request = deferred();
    const { navigate, sendDismissal } = renderCallout({
      sendDismissal: vi.fn(() => request.promise),
      primaryAction: { text: 'Upgrade now', href: '/-/subscriptions/new', mode: 'deferred' },
    });
    await userEvent.click(screen.getByRole('link', { name: 'Upgrade now' }));
    expect(sendDismissal).toHaveBeenCalledWith(
      ENDPOINT,
      expect.objectContaining({ feature_name: 'personal_access_token_expiry' }),
    );
    expect(navigate).not.toHaveBeenCalled();
    await act(async () => request.resolve());
    expect(navigate).toHaveBeenCalledWith(`${location.origin}/-/subscriptions/new`, { newTab: false });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a deferred link with target _blank opens a new tab; a failed dismissal opens nothing', async () => {
    const { navigate } = renderCallout({
      sendDismissal: () => Promise.reject(new Error('500')),
      primaryAction: {
        text: 'Start a trial',
        href: 'https://about.example/free-trial',
        target: '_blank',
        mode: 'deferred',
      },
    });
    await userEvent.click(screen.getByRole('link', { name: 'Start a trial' }));
    await waitFor(() => expect(within(flash).getByRole('alert')).toHaveTextContent(CALLOUT_DISMISS_ERROR));
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a follow link sends feature_name only, then navigates', async () => {
    const { navigate, sendDismissal } = renderCallout({
      secondaryAction: { text: 'Review settings', href: '/admin/application_settings/general', mode: 'follow' },
    });
    await userEvent.click(screen.getByRole('link', { name: 'Review settings' }));
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith(`${location.origin}/admin/application_settings/general`, { newTab: false }),
    );
    expect(sendDismissal).toHaveBeenCalledWith(ENDPOINT, { feature_name: 'personal_access_token_expiry' });
  });

  it('a failed follow shows the acknowledgement error and does not navigate', async () => {
    const { navigate } = renderCallout({
      sendDismissal: () => Promise.reject(new Error('500')),
      secondaryAction: { text: 'Review settings', href: '/admin/application_settings/general', mode: 'follow' },
    });
    await userEvent.click(screen.getByRole('link', { name: 'Review settings' }));
    await waitFor(() => expect(within(flash).getByRole('alert')).toHaveTextContent(CALLOUT_FOLLOW_ERROR));
    expect(CALLOUT_FOLLOW_ERROR).toBe(
      'An error occurred while acknowledging the notification. Refresh the page and try again.',
    );
    expect(navigate).not.toHaveBeenCalled();
  });

  it('never follows a javascript: link', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { navigate, sendDismissal } = renderCallout({
      primaryAction: { text: 'Bad', href: 'javascript:alert(1)', mode: 'deferred' },
    });
    await userEvent.click(screen.getByRole('link', { name: 'Bad' }));
    expect(sendDismissal).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalled();
  });

  it('plain actions behave as plain links and buttons', async () => {
    const onClick = vi.fn();
    const { sendDismissal } = renderCallout({ primaryAction: { text: 'Renew token', onClick } });
    await userEvent.click(screen.getByRole('button', { name: 'Renew token' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(sendDismissal).not.toHaveBeenCalled();
  });
});

/** Server-rendered callout markup, as the product's pages have it. */
function serverCallout({ feature = 'storage_limit_alert', deferredHref = '', followHref = '' } = {}) {
  const root = document.createElement('div');
  root.innerHTML = `
    <div class="fk-alert js-persistent-callout" role="alert" data-variant="warning"
         data-dismiss-endpoint="${ENDPOINT}" data-feature-id="${feature}"
         data-group-id="9" data-namespace-id="8" data-project-id="7">
      <div class="fk-alert__content">
        <div class="fk-alert__body">You have used 95% of the storage quota.</div>
        ${deferredHref ? `<a class="js-deferred-link" href="${deferredHref}">Purchase more storage</a>` : ''}
        ${followHref ? `<a class="js-follow-link" href="${followHref}">Learn more</a>` : ''}
      </div>
      <button type="button" class="js-close" aria-label="Dismiss">×</button>
    </div>
    <button type="button">After</button>`;
  document.body.append(root);
  return root;
}

describe('initDismissibleCallouts', () => {
  it('close POSTs the ids from the data attributes and removes the callout on success', async () => {
    const root = serverCallout();
    const sendDismissal = vi.fn(() => Promise.resolve());
    const onDismiss = vi.fn();
    initDismissibleCallouts(root, { sendDismissal, onDismiss });
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(sendDismissal).toHaveBeenCalledWith(ENDPOINT, {
      feature_name: 'storage_limit_alert',
      group_id: '9',
      namespace_id: '8',
      project_id: '7',
    });
    await waitFor(() => expect(root.querySelector('.js-persistent-callout')).toBeNull());
    expect(onDismiss).toHaveBeenCalledTimes(1);
    expect(
      isCalloutDismissed({ featureName: 'storage_limit_alert', groupId: '9', namespaceId: '8', projectId: '7' }),
    ).toBe(true);
  });

  it('keeps the callout and shows the spec error on failure', async () => {
    const root = serverCallout();
    initDismissibleCallouts(root, { sendDismissal: () => Promise.reject(new Error('500')) });
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(within(flash).getByRole('alert')).toHaveTextContent(CALLOUT_DISMISS_ERROR));
    expect(root.querySelector('.js-persistent-callout')).not.toBeNull();
  });

  it('a deferred link opens only after the dismissal succeeded', async () => {
    const root = serverCallout({ deferredHref: '/groups/acme/-/usage_quotas' });
    const request = deferred();
    const navigate = vi.fn();
    initDismissibleCallouts(root, { sendDismissal: () => request.promise, navigate });
    await userEvent.click(screen.getByRole('link', { name: 'Purchase more storage' }));
    expect(navigate).not.toHaveBeenCalled();
    await act(async () => request.resolve());
    expect(navigate).toHaveBeenCalledWith(`${location.origin}/groups/acme/-/usage_quotas`, { newTab: false });
    expect(root.querySelector('.js-persistent-callout')).toBeNull();
  });

  it('a follow link acknowledges with feature_name only, then navigates', async () => {
    const root = serverCallout({ followHref: '/help/user/usage_quotas' });
    const sendDismissal = vi.fn(() => Promise.resolve());
    const navigate = vi.fn();
    initDismissibleCallouts(root, { sendDismissal, navigate });
    await userEvent.click(screen.getByRole('link', { name: 'Learn more' }));
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith(`${location.origin}/help/user/usage_quotas`, { newTab: false }),
    );
    expect(sendDismissal).toHaveBeenCalledWith(ENDPOINT, { feature_name: 'storage_limit_alert' });
  });

  it('a failed follow shows the acknowledgement error and stays', async () => {
    const root = serverCallout({ followHref: '/help/user/usage_quotas' });
    const navigate = vi.fn();
    initDismissibleCallouts(root, { sendDismissal: () => Promise.reject(new Error('500')), navigate });
    await userEvent.click(screen.getByRole('link', { name: 'Learn more' }));
    await waitFor(() => expect(within(flash).getByRole('alert')).toHaveTextContent(CALLOUT_FOLLOW_ERROR));
    expect(navigate).not.toHaveBeenCalled();
  });

  it('removes callouts remembered as dismissed (cached pages)', async () => {
    const first = serverCallout();
    initDismissibleCallouts(first, { sendDismissal: () => Promise.resolve() });
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(first.querySelector('.js-persistent-callout')).toBeNull());
    const cached = serverCallout();
    initDismissibleCallouts(cached);
    expect(cached.querySelector('.js-persistent-callout')).toBeNull();
  });

  it('binds once even when called twice, and the cleanup unbinds', async () => {
    const root = serverCallout();
    const sendDismissal = vi.fn(() => new Promise<void>(() => {}));
    initDismissibleCallouts(root, { sendDismissal });
    const cleanup = initDismissibleCallouts(root, { sendDismissal });
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(sendDismissal).toHaveBeenCalledTimes(1);
    cleanup();
    expect(root.querySelector('[data-fk-callout-ready]')).not.toBeNull(); // the first binding stays
  });

  it('moves focus to the next focusable element when the focused callout goes', async () => {
    const root = serverCallout();
    initDismissibleCallouts(root, { sendDismissal: () => Promise.resolve() });
    screen.getByRole('button', { name: 'Dismiss' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'After' })).toHaveFocus());
  });

  it('skips and reports a callout without endpoint or feature id', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const root = document.createElement('div');
    root.innerHTML = '<div class="js-persistent-callout"><button class="js-close">x</button></div>';
    document.body.append(root);
    initDismissibleCallouts(root);
    expect(error).toHaveBeenCalledTimes(1);
    expect(root.querySelector('[data-fk-callout-ready]')).toBeNull();
  });
});
