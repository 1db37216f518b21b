import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyModule, lazyModulesSettled, useLazyModule } from '../src/hooks/useLazyModule';

/** A module whose arrival the test decides. */
function deferredModule<T>() {
  let arrive!: (module: T) => void;
  let fail!: (error: Error) => void;
  let calls = 0;
  const module = lazyModule(() => {
    calls += 1;
    return new Promise<T>((resolve, reject) => {
      arrive = resolve;
      fail = reject;
    });
  });
  return { module, arrive: (m: T) => arrive(m), fail: (e: Error) => fail(e), calls: () => calls };
}

describe('lazyModule', () => {
  it('loads once, however often it is asked, and renders what arrived', async () => {
    const { module, arrive, calls } = deferredModule<{ text: string }>();
    function Part() {
      const loaded = useLazyModule(module);
      return <p>{loaded ? loaded.text : 'loading'}</p>;
    }
    render(<Part />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    void module.load();
    void module.load();
    expect(calls()).toBe(1);
    await act(async () => arrive({ text: 'arrived' }));
    expect(screen.getByText('arrived')).toBeInTheDocument();
  });

  it('tries again after a failed load', async () => {
    const { module, arrive, fail, calls } = deferredModule<string>();
    const first = module.load();
    fail(new Error('offline'));
    await expect(first).rejects.toThrow('offline');
    const second = module.load();
    expect(calls()).toBe(2);
    arrive('back online');
    await expect(second).resolves.toBe('back online');
  });
});

describe('lazyModulesSettled', () => {
  it('answers false at once when nothing is loading', async () => {
    await expect(lazyModulesSettled()).resolves.toBe(false);
  });

  it('waits for every load under way, and for loads started while it waits', async () => {
    const a = deferredModule<string>();
    const b = deferredModule<string>();
    void a.module.load();
    let done = false;
    const settled = lazyModulesSettled().then((waited) => {
      done = true;
      return waited;
    });
    // A load that starts while the first is still on its way (a part rendered by the first).
    void b.module.load();
    a.arrive('a');
    // Every promise reaction queued by the arrival has run by the next task.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(done).toBe(false);
    b.arrive('b');
    await expect(settled).resolves.toBe(true);
  });

  it('counts a failed load as done', async () => {
    const { module, fail } = deferredModule<string>();
    module.load().catch(() => {});
    const settled = lazyModulesSettled();
    fail(new Error('offline'));
    await expect(settled).resolves.toBe(true);
    await expect(lazyModulesSettled()).resolves.toBe(false);
  });
});
