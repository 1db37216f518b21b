// waitForElement in real Chromium: a real MutationObserver and real timers (spec section 8).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ELEMENT_NOT_FOUND_MESSAGE, WAIT_FOR_ELEMENT_TIMEOUT, waitForElement } from '../src/utils/dom';

afterEach(() => document.body.replaceChildren());

describe('waitForElement', () => {
  it("waits 5000 ms by default, then rejects with 'Timeout: Element not found'", async () => {
    expect(WAIT_FOR_ELEMENT_TIMEOUT).toBe(5000);
    expect(ELEMENT_NOT_FOUND_MESSAGE).toBe('Timeout: Element not found');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let outcome: unknown = 'pending';
      waitForElement('.never').catch((error: Error) => (outcome = error.message));
      await vi.advanceTimersByTimeAsync(WAIT_FOR_ELEMENT_TIMEOUT - 1);
      expect(outcome).toBe('pending');
      await vi.advanceTimersByTimeAsync(1);
      expect(outcome).toBe('Timeout: Element not found');
    } finally {
      vi.useRealTimers();
    }
  });

  it('resolves at once with an element that is already there', async () => {
    document.body.innerHTML = '<p class="ready">hi</p>';
    await expect(waitForElement('.ready')).resolves.toBe(document.querySelector('.ready'));
  });

  it('resolves when the element is added later, without waiting for the timeout', async () => {
    const started = performance.now();
    const found = waitForElement<HTMLElement>('#late', { timeout: 2000 });
    setTimeout(() => {
      const late = document.createElement('section');
      late.id = 'late';
      document.body.append(document.createElement('div'), late);
    }, 50);
    const element = await found;
    expect(element.id).toBe('late');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('resolves when an attribute change makes an existing element match', async () => {
    document.body.innerHTML = '<div class="widget"></div>';
    const found = waitForElement('.widget.is-ready');
    document.querySelector('.widget')!.classList.add('is-ready');
    await expect(found).resolves.toBe(document.querySelector('.widget'));
  });

  it('looks only under the given root', async () => {
    document.body.innerHTML = '<div id="a"></div><div id="b"></div>';
    const root = document.querySelector('#b')!;
    const found = waitForElement('span', { root, timeout: 1000 });
    document.querySelector('#a')!.append(document.createElement('span'));
    root.append(document.createElement('span'));
    await expect(found).resolves.toBe(root.querySelector('span'));
  });

  it('rejects with the timeout message when nothing matches in time', async () => {
    const started = performance.now();
    await expect(waitForElement('.never', { timeout: 100 })).rejects.toThrow(ELEMENT_NOT_FOUND_MESSAGE);
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
  });
});
