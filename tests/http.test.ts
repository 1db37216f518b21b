import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError, postJson, requestJson } from '../src/client/http';

const reply = (status: number, body?: string) => vi.fn(async () => new Response(body ?? null, { status }));

afterEach(() => document.head.replaceChildren());

describe('requestJson', () => {
  it('sends the CSRF token, X-Requested-With and same-origin credentials with a JSON body', async () => {
    document.head.innerHTML = '<meta name="csrf-token" content="tok123">';
    const fetch = reply(200, '{"ok":true}');
    await expect(postJson('/-/dismiss', { feature_name: 'x' }, { fetch })).resolves.toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/-/dismiss');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.headers).toMatchObject({
      'X-CSRF-Token': 'tok123',
      'X-Requested-With': 'XMLHttpRequest',
      'Content-Type': 'application/json',
    });
    expect(init.body).toBe('{"feature_name":"x"}');
  });

  it("fails with 'Request failed with status code {n}' and keeps the reply", async () => {
    const error = (await requestJson('GET', '/x', { fetch: reply(422, '{"message":"nope"}') }).catch(
      (e: unknown) => e,
    )) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toBe('Request failed with status code 422');
    expect(error.body).toEqual({ message: 'nope' });
  });

  it('resolves an empty reply as null', async () => {
    await expect(requestJson('DELETE', '/x', { fetch: reply(204) })).resolves.toBeNull();
  });

  it('says so when there is no fetch', async () => {
    const original = globalThis.fetch;
    // @ts-expect-error: simulating an environment without fetch
    delete globalThis.fetch;
    await expect(requestJson('GET', '/x')).rejects.toThrow('No fetcher available');
    globalThis.fetch = original;
  });
});
