// The REST client in real Chromium, against the dev server's same-origin endpoint
// (tests/client/helpers/restEchoPlugin.ts): cookies, the XSRF header, page exit, and the captcha
// retry through the CaptchaModal (captchaModalSolver).
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRestClient, resetPageConfig, restClient, setCaptchaSolver, type RestResponse } from '../../src/client';
import { captchaModalSolver, setCaptchaProvider, UNSOLVED_CAPTCHA_MESSAGE } from '../../src/components/CaptchaModal';
import {
  createTestCaptchaProvider,
  TEST_CAPTCHA_RESPONSE,
} from '../../src/components/CaptchaModal/testCaptchaProvider';
import { REST_ECHO_PREFIX } from './helpers/restEchoPlugin';

interface Echo {
  method: string;
  url: string;
  headers: Record<string, string | undefined>;
  body: string;
}

const endpoint = (name: string) => `${REST_ECHO_PREFIX}/${name}`;

/** Settles `promise` against a fresh macrotask: 'pending' when it has not settled by then. */
async function stateOf(promise: Promise<unknown>): Promise<string> {
  const pending = Symbol('pending');
  const outcome = await Promise.race([
    promise.then(
      () => 'resolved',
      () => 'rejected',
    ),
    new Promise<symbol>((resolve) => setTimeout(() => resolve(pending), 100)),
  ]);
  return outcome === pending ? 'pending' : String(outcome);
}

beforeAll(() => {
  setCaptchaProvider(createTestCaptchaProvider());
  setCaptchaSolver(captchaModalSolver);
});
afterAll(() => {
  setCaptchaProvider(undefined);
  setCaptchaSolver(undefined);
});
afterEach(() => {
  document.cookie = 'XSRF-TOKEN=; Path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  window.dispatchEvent(new PageTransitionEvent('pageshow'));
  resetPageConfig();
});

describe('cookies (spec section 9: XSRF-TOKEN cookie back as X-XSRF-TOKEN)', () => {
  it('sends the XSRF-TOKEN cookie the server set back as X-XSRF-TOKEN, with same-origin credentials', async () => {
    await restClient.get(endpoint('set-cookie'), { params: { name: 'XSRF-TOKEN', value: 'xsrf%20value' } });
    const { data } = await restClient.get<Echo>(endpoint('echo'));
    expect(data.headers['x-xsrf-token']).toBe('xsrf value');
    expect(data.headers.cookie).toContain('XSRF-TOKEN=xsrf%20value');
    expect(data.headers['x-requested-with']).toBe('XMLHttpRequest');
  });

  it('reads the CSRF meta tag of the page', async () => {
    const meta = Object.assign(document.createElement('meta'), { name: 'csrf-token', content: 'meta-token' });
    document.head.append(meta);
    try {
      const { data } = await restClient.post<Echo>(endpoint('echo'), { a: 1 });
      expect(data.headers['x-csrf-token']).toBe('meta-token');
      expect(JSON.parse(data.body)).toEqual({ a: 1 });
    } finally {
      meta.remove();
    }
  });

  it('sends no X-XSRF-TOKEN to another origin', async () => {
    document.cookie = 'XSRF-TOKEN=secret; Path=/';
    const other = new URL(location.href);
    other.hostname = other.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
    const { data } = await createRestClient().get<Echo>(`${other.origin}${endpoint('echo')}`);
    expect(data.headers['x-xsrf-token']).toBeUndefined();
    expect((await restClient.get<Echo>(endpoint('echo'))).data.headers['x-xsrf-token']).toBe('secret');
  });
});

describe('leaving the page (spec section 4)', () => {
  it('leaves a network error pending, silently, once the page is unloading', async () => {
    await expect(restClient.get(endpoint('drop'))).rejects.toThrow(TypeError);
    window.dispatchEvent(new Event('beforeunload'));
    const failure = vi.fn();
    const request = restClient.get(endpoint('drop')).catch(failure);
    expect(await stateOf(request)).toBe('pending');
    expect(failure).not.toHaveBeenCalled();
  });
});

describe('captcha retry through the CaptchaModal (spec sections 4 and 7)', () => {
  it('opens the modal, pauses the request, then repeats it with the solved captcha', async () => {
    const request = restClient.post<Echo>(endpoint('captcha'), { title: 'Maybe spam' });
    const dialog = await screen.findByRole('dialog', { name: 'Please solve the captcha' });
    expect(await stateOf(request)).toBe('pending');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'I am not a robot' }));
    const response: RestResponse<Echo> = await request;
    expect(response.status).toBe(201);
    expect(response.data.headers['x-gitlab-captcha-response']).toBe(TEST_CAPTCHA_RESPONSE);
    expect(response.data.headers['x-gitlab-spam-log-id']).toBe('42');
    expect(JSON.parse(response.data.body)).toEqual({ title: 'Maybe spam' });
    await vi.waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('rejects with a clear error when the modal is closed unsolved', async () => {
    const request = restClient.put(endpoint('captcha'), { title: 'x' });
    const failure = request.catch((error: unknown) => error);
    await screen.findByRole('dialog', { name: 'Please solve the captcha' });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const error = (await failure) as Error;
    expect(error.message).toBe(UNSOLVED_CAPTCHA_MESSAGE);
    expect(error.name).toBe('UnsolvedCaptchaError');
  });
});
