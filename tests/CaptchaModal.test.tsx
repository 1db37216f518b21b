// jsdom: the captcha modal renders the injected provider's widget with the site key, reports the
// response and closes; waitForCaptchaToBeSolved resolves with the response (spec section 4,
// "Captcha": the request is paused until then) and rejects with UnsolvedCaptchaError when the modal
// is closed unsolved; provider sources (prop, context, setCaptchaProvider, lazy) and their errors.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CAPTCHA_MODAL_TEXTS,
  CaptchaModal,
  CaptchaProviderContext,
  NO_CAPTCHA_PROVIDER_MESSAGE,
  setCaptchaProvider,
  UNSOLVED_CAPTCHA_MESSAGE,
  UnsolvedCaptchaError,
  waitForCaptchaToBeSolved,
} from '../src/components/CaptchaModal';
import { createTestCaptchaProvider, TEST_CAPTCHA_RESPONSE } from '../src/components/CaptchaModal/testCaptchaProvider';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(async () => {
  setCaptchaProvider(undefined);
  vi.restoreAllMocks();
  const open = screen.queryByRole('dialog');
  if (open) fireEvent.keyDown(open, { key: 'Escape' });
  await waitFor(() => expect(document.querySelector('[data-fk-captcha-modal]')).toBeNull());
});

const SITE_KEY = '6Lc-site-key';

describe('CaptchaModal', () => {
  it('shows the texts and renders the provider’s widget with the site key', async () => {
    const provider = createTestCaptchaProvider();
    render(<CaptchaModal defaultOpen siteKey={SITE_KEY} provider={provider} onSolved={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Please solve the captcha' });
    expect(dialog).toHaveTextContent('We want to be sure it is you, please confirm you are not a robot.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'I am not a robot' })).toBeInTheDocument();
    expect(provider.rendered).toHaveLength(1);
    expect(provider.rendered[0]?.options.sitekey).toBe(SITE_KEY);
    expect(
      dialog.querySelector('[data-component="CaptchaModal.Widget"]')?.contains(provider.rendered[0]!.container),
    ).toBe(true);
  });

  it('reports the response and closes once solved', async () => {
    const onSolved = vi.fn();
    const onOpenChange = vi.fn();
    render(
      <CaptchaModal
        defaultOpen
        siteKey={SITE_KEY}
        provider={createTestCaptchaProvider()}
        onSolved={onSolved}
        onOpenChange={onOpenChange}
      />,
    );
    await userEvent.click(await screen.findByRole('checkbox', { name: 'I am not a robot' }));
    expect(onSolved).toHaveBeenCalledWith(TEST_CAPTCHA_RESPONSE);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('renders nothing and loads no provider while closed', () => {
    const provider = createTestCaptchaProvider();
    render(<CaptchaModal siteKey={SITE_KEY} provider={provider} onSolved={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(provider.rendered).toHaveLength(0);
  });

  it('takes the provider from context, or from setCaptchaProvider, possibly loaded lazily', async () => {
    const fromContext = createTestCaptchaProvider();
    const { unmount } = render(
      <CaptchaProviderContext.Provider value={fromContext}>
        <CaptchaModal defaultOpen siteKey={SITE_KEY} onSolved={() => {}} />
      </CaptchaProviderContext.Provider>,
    );
    await waitFor(() => expect(fromContext.rendered).toHaveLength(1));
    unmount();

    const lazy = createTestCaptchaProvider();
    setCaptchaProvider(() => Promise.resolve(lazy));
    render(<CaptchaModal defaultOpen siteKey={SITE_KEY} onSolved={() => {}} />);
    await waitFor(() => expect(lazy.rendered).toHaveLength(1));
  });

  it('reports a missing provider and closes', async () => {
    const onError = vi.fn();
    const onOpenChange = vi.fn();
    render(
      <CaptchaModal defaultOpen siteKey={SITE_KEY} onSolved={() => {}} onError={onError} onOpenChange={onOpenChange} />,
    );
    await waitFor(() => expect(onError).toHaveBeenCalledWith(new Error(NO_CAPTCHA_PROVIDER_MESSAGE)));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

describe('waitForCaptchaToBeSolved', () => {
  it('resolves with the captcha response and removes its modal', async () => {
    const result = waitForCaptchaToBeSolved(SITE_KEY, { provider: createTestCaptchaProvider() });
    expect(document.querySelectorAll('[data-fk-captcha-modal]')).toHaveLength(1);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'I am not a robot' }));
    await expect(result).resolves.toBe(TEST_CAPTCHA_RESPONSE);
    await waitFor(() => expect(document.querySelector('[data-fk-captcha-modal]')).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('uses the provider set with setCaptchaProvider', async () => {
    const provider = createTestCaptchaProvider();
    setCaptchaProvider(provider);
    const result = waitForCaptchaToBeSolved(SITE_KEY);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'I am not a robot' }));
    await expect(result).resolves.toBe(TEST_CAPTCHA_RESPONSE);
  });

  it.each([
    ['Cancel', () => userEvent.click(screen.getByRole('button', { name: CAPTCHA_MODAL_TEXTS.cancel }))],
    ['the close button', () => userEvent.click(screen.getByRole('button', { name: 'Close' }))],
    ['Escape', async () => fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })],
  ])('rejects with UnsolvedCaptchaError when closed with %s', async (_how, close) => {
    const result = waitForCaptchaToBeSolved(SITE_KEY, { provider: createTestCaptchaProvider() });
    const outcome = result.then(
      () => 'resolved',
      (error: unknown) => error,
    );
    await screen.findByRole('checkbox', { name: 'I am not a robot' });
    await close();
    const error = await outcome;
    expect(error).toBeInstanceOf(UnsolvedCaptchaError);
    expect(error).toHaveProperty('name', 'UnsolvedCaptchaError');
    expect(error).toHaveProperty('message', 'You must solve the CAPTCHA in order to submit');
    expect(UNSOLVED_CAPTCHA_MESSAGE).toBe('You must solve the CAPTCHA in order to submit');
    await waitFor(() => expect(document.querySelector('[data-fk-captcha-modal]')).toBeNull());
  });

  it('rejects with the provider’s error when the captcha cannot be shown', async () => {
    const failure = new Error('Could not load the captcha script');
    const result = waitForCaptchaToBeSolved(SITE_KEY, { provider: () => Promise.reject(failure) });
    await expect(result).rejects.toBe(failure);
    await waitFor(() => expect(document.querySelector('[data-fk-captcha-modal]')).toBeNull());
  });

  it('closes and rejects with the signal’s reason when aborted', async () => {
    const controller = new AbortController();
    const result = waitForCaptchaToBeSolved(SITE_KEY, {
      provider: createTestCaptchaProvider(),
      signal: controller.signal,
    });
    await screen.findByRole('checkbox', { name: 'I am not a robot' });
    const reason = new Error('The request was cancelled');
    controller.abort(reason);
    await expect(result).rejects.toBe(reason);
    await waitFor(() => expect(document.querySelector('[data-fk-captcha-modal]')).toBeNull());
  });

  it('rejects without a site key', async () => {
    await expect(waitForCaptchaToBeSolved('')).rejects.toThrow(
      new TypeError('waitForCaptchaToBeSolved needs the captcha site key; got "".'),
    );
    expect(document.querySelector('[data-fk-captcha-modal]')).toBeNull();
  });
});
