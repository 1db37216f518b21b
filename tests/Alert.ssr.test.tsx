// Server rendering with no DOM globals: the components render, the imperative helpers refuse or
// do nothing, clearly.
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Alert, createAlert, getGlobalAlerts, showGlobalAlerts } from '../src/components/Alert';
import { DismissibleCallout, initDismissibleCallouts } from '../src/components/DismissibleCallout';
import { showToast } from '../src/components/Toast';
import { updateBroadcastBannersHeight } from '../src/components/BroadcastMessage';

describe('feedback components on the server', () => {
  it('runs with no DOM globals', () => {
    expect(typeof document).toBe('undefined');
    expect(typeof window).toBe('undefined');
  });

  it('renders an Alert with its role, variant, title, actions and Dismiss button', () => {
    const html = renderToString(
      <Alert
        variant="warning"
        title="Storage almost full"
        isDismissible
        primaryAction={{ text: 'Buy storage', href: '/buy' }}
      >
        95% used
      </Alert>,
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain('data-variant="warning"');
    expect(html).toContain('Storage almost full');
    expect(html).toContain('href="/buy"');
    expect(html).toContain('aria-label="Dismiss"');
  });

  it('renders a DismissibleCallout (storage is not read on the server)', () => {
    const html = renderToString(
      <DismissibleCallout featureName="ultimate_trial" dismissEndpoint="/-/users/callouts" title="Trial">
        Your trial ends in 3 days.
      </DismissibleCallout>,
    );
    expect(html).toContain('Your trial ends in 3 days.');
    expect(html).toContain('data-feature-id="ultimate_trial"');
  });

  it('createAlert and showToast throw a clear error', () => {
    expect(() => createAlert({ message: 'x' })).toThrow(/createAlert needs a DOM/);
    expect(() => showToast('x')).toThrow(/showToast needs a DOM/);
  });

  it('the page-start helpers do nothing', () => {
    expect(showGlobalAlerts()).toEqual([]);
    expect(getGlobalAlerts()).toEqual([]);
    expect(initDismissibleCallouts()).toBeTypeOf('function');
    expect(updateBroadcastBannersHeight()).toBe(0);
  });
});
