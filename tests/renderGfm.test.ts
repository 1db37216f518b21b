// The pipeline core: ordering, run-once claims, error isolation, async completion, disposal.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderGfm } from '../src/markdown/pipeline/renderGfm';
import type { EnhancerContext, MarkdownEnhancer } from '../src/markdown/pipeline/types';

function container(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  return root;
}

function recorder(
  name: string,
  selector: string,
  log: string[],
  extra?: (elements: HTMLElement[], context: EnhancerContext) => void | Promise<void>,
): MarkdownEnhancer {
  return {
    name,
    selector,
    enhance(elements, context) {
      log.push(`${name}:${elements.map((element) => element.id).join(',')}`);
      return extra?.(elements, context);
    },
  };
}

afterEach(() => {
  document.body.innerHTML = '';
  delete document.body.dataset.page;
});

describe('renderGfm', () => {
  it('runs enhancers in list order over the elements matching each selector', () => {
    const log: string[] = [];
    const root = container('<pre id="a" class="code"></pre><p id="b" class="code"></p><pre id="c"></pre>');
    renderGfm(root, { enhancers: [recorder('second', 'pre', log), recorder('first', '.code', log)] });
    expect(log).toEqual(['second:a,c', 'first:a,b']);
  });

  it('skips an enhancer with nothing to do', () => {
    const enhance = vi.fn();
    renderGfm(container('<p></p>'), { enhancers: [{ name: 'none', selector: 'pre', enhance }] });
    expect(enhance).not.toHaveBeenCalled();
  });

  it('hands an element to an enhancer once while a run holds it, and only new elements to a later run', () => {
    const log: string[] = [];
    const root = container('<pre id="a"></pre>');
    const enhancers = [recorder('code', 'pre', log)];
    renderGfm(root, { enhancers });
    renderGfm(root, { enhancers });
    root.insertAdjacentHTML('beforeend', '<pre id="b"></pre>');
    renderGfm(root, { enhancers });
    expect(log).toEqual(['code:a', 'code:b']);
  });

  it('releases its elements on dispose, so a remount enhances them again', () => {
    const log: string[] = [];
    const root = container('<pre id="a"></pre>');
    const enhancers = [recorder('code', 'pre', log)];
    renderGfm(root, { enhancers }).dispose();
    renderGfm(root, { enhancers });
    expect(log).toEqual(['code:a', 'code:a']);
  });

  it('keeps going when an enhancer throws or rejects, reporting each under its name', async () => {
    const onError = vi.fn();
    const log: string[] = [];
    const root = container('<pre id="a"></pre>');
    const handle = renderGfm(root, {
      onError,
      enhancers: [
        recorder('throws', 'pre', log, () => {
          throw new Error('sync');
        }),
        recorder('rejects', 'pre', log, () => Promise.reject(new Error('async'))),
        recorder('fine', 'pre', log),
      ],
    });
    await handle.done;
    expect(log).toEqual(['throws:a', 'rejects:a', 'fine:a']);
    expect(onError).toHaveBeenCalledWith(new Error('sync'), 'throws');
    expect(onError).toHaveBeenCalledWith(new Error('async'), 'rejects');
  });

  it('reports to the console by default', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderGfm(container('<pre></pre>'), {
      enhancers: [
        {
          name: 'broken',
          selector: 'pre',
          enhance() {
            throw new Error('boom');
          },
        },
      ],
    });
    expect(error).toHaveBeenCalledWith('[forgekit/markdown] broken:', new Error('boom'));
    error.mockRestore();
  });

  it('settles done only when asynchronous enhancers finish', async () => {
    let finish!: () => void;
    const handle = renderGfm(container('<pre></pre>'), {
      enhancers: [{ name: 'slow', selector: 'pre', enhance: () => new Promise<void>((resolve) => (finish = resolve)) }],
    });
    let settled = false;
    void handle.done.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    finish();
    await handle.done;
    expect(settled).toBe(true);
  });

  it('dispose aborts the signal, runs cleanups last-first once, and silences later errors', async () => {
    const onError = vi.fn();
    const order: string[] = [];
    let context!: EnhancerContext;
    let fail!: (error: Error) => void;
    const handle = renderGfm(container('<pre></pre>'), {
      onError,
      enhancers: [
        {
          name: 'watcher',
          selector: 'pre',
          enhance(_elements, ctx) {
            context = ctx;
            ctx.onDispose(() => order.push('first registered'));
            ctx.onDispose(() => order.push('second registered'));
            return new Promise<void>((_resolve, reject) => (fail = reject));
          },
        },
      ],
    });
    expect(context.signal.aborted).toBe(false);
    handle.dispose();
    handle.dispose();
    expect(context.signal.aborted).toBe(true);
    expect(order).toEqual(['second registered', 'first registered']);
    fail(new Error('after dispose'));
    await handle.done;
    expect(onError).not.toHaveBeenCalled();
  });

  it('gives enhancers the options, with the page read from body[data-page] unless given', () => {
    document.body.dataset.page = 'projects:wikis:show';
    const seen: (string | undefined)[] = [];
    const enhancers = [
      {
        name: 'page',
        selector: 'pre',
        enhance: (_e: HTMLElement[], ctx: EnhancerContext) => void seen.push(ctx.options.page),
      },
    ];
    renderGfm(container('<pre></pre>'), { enhancers });
    renderGfm(container('<pre></pre>'), { enhancers, page: 'search:show' });
    expect(seen).toEqual(['projects:wikis:show', 'search:show']);
  });
});
