import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from 'vitest/browser';
import { afterEach, describe, expect, it } from 'vitest';
import { Alert, createAlert, type AlertHandle } from '../src/components/Alert';
import { DismissibleCallout } from '../src/components/DismissibleCallout';
import { forgetDismissedCallouts } from '../src/components/DismissibleCallout';
import '../src/components/Alert/Alert.css';

const handles: AlertHandle[] = [];
afterEach(async () => {
  await act(async () => {
    for (const handle of handles.splice(0)) handle.dismiss();
  });
  forgetDismissedCallouts();
  document.querySelectorAll('.flash-container').forEach((node) => node.remove());
});

describe('Alert in Chromium', () => {
  it('Tab reaches the message link, the actions and Dismiss in order; Enter dismisses and focus moves on', async () => {
    render(
      <>
        <Alert
          isDismissible
          variant="warning"
          title="Storage almost full"
          primaryAction={{ text: 'Buy storage', onClick: () => {} }}
          secondaryAction={{ text: 'Usage quotas', href: '#quotas' }}
        >
          You have used 95% of your storage. <a href="#docs">Read more</a>
        </Alert>
        <button type="button">After</button>
      </>,
    );
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Read more' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Buy storage' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Usage quotas' })).toHaveFocus();
    await userEvent.tab();
    const dismiss = screen.getByRole('button', { name: 'Dismiss' });
    expect(dismiss).toHaveFocus();
    // The keyboard focus ring is drawn.
    expect(getComputedStyle(dismiss).outlineStyle).toBe('solid');
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
  });

  it('Space dismisses too; with nothing after it, focus goes to the element before', async () => {
    render(
      <>
        <button type="button">Before</button>
        <Alert isDismissible>Gone</Alert>
      </>,
    );
    screen.getByRole('button', { name: 'Dismiss' }).focus();
    await userEvent.keyboard(' ');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Before' })).toHaveFocus();
  });

  it('createAlert: dismissing the first of two stacked alerts moves focus to the second', async () => {
    const flash = document.createElement('div');
    flash.className = 'flash-container';
    document.body.prepend(flash);
    await act(async () => {
      handles.push(createAlert({ message: 'First', preservePrevious: true }));
      handles.push(createAlert({ message: 'Second', preservePrevious: true }));
    });
    const [first, second] = within(flash).getAllByRole('button', { name: 'Dismiss' });
    first!.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(second).toHaveFocus());
    expect(within(flash).getAllByRole('alert')).toHaveLength(1);
  });

  it('a controlled alert that closes later (a callout after its request) still hands focus on', async () => {
    let accept!: () => void;
    render(
      <>
        <DismissibleCallout
          featureName="browser_focus_test"
          dismissEndpoint="/-/users/callouts"
          sendDismissal={() => new Promise<void>((resolve) => (accept = resolve))}
          primaryAction={{ text: 'Upgrade now', href: '/-/subscriptions/new', mode: 'deferred' }}
          navigate={() => {}}
        >
          Your trial ends in 3 days.
        </DismissibleCallout>
        <button type="button">Next</button>
      </>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Upgrade now' }));
    expect(screen.getByRole('link', { name: 'Upgrade now' })).toHaveFocus();
    await act(async () => accept());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus());
  });

  it('draws the variant colours from the feedback tokens', () => {
    render(<Alert variant="success">Saved</Alert>);
    const alert = screen.getByRole('status');
    const token = getComputedStyle(document.documentElement)
      .getPropertyValue('--fk-color-feedback-success-background')
      .trim();
    const probe = document.createElement('div');
    probe.style.background = token;
    document.body.append(probe);
    expect(getComputedStyle(alert).backgroundColor).toBe(getComputedStyle(probe).backgroundColor);
    probe.remove();
  });
});
