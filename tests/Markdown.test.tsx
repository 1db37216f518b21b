import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Markdown } from '../src/markdown/Markdown';
import type { MarkdownEnhancer } from '../src/markdown/pipeline/types';

describe('<Markdown>', () => {
  it('sanitises the HTML before it reaches the DOM', () => {
    const { container } = render(
      <Markdown
        html={
          '<p>Hi <img src="a.png" onerror="alert(1)"><a href="javascript:alert(2)">x</a></p><script>alert(3)</script>'
        }
        options={{ enhancers: [] }}
      />,
    );
    const root = container.firstElementChild!;
    expect(root).toHaveClass('fk-markdown');
    expect(root).toHaveAttribute('data-state', 'rendered');
    expect(root.innerHTML).toBe('<p>Hi <img src="a.png"><a>x</a></p>');
  });

  it('runs the pipeline over the rendered HTML with the given options', () => {
    const enhance = vi.fn((elements: HTMLElement[]) => elements.forEach((element) => (element.dataset.done = 'yes')));
    const enhancers: MarkdownEnhancer[] = [{ name: 'mark', selector: 'pre', enhance }];
    render(<Markdown html="<pre>code</pre>" options={{ enhancers }} />);
    expect(enhance).toHaveBeenCalledTimes(1);
    expect(screen.getByText('code')).toHaveAttribute('data-done', 'yes');
  });

  it('disposes the run on unmount and when the HTML changes, enhancing the new content', () => {
    const disposed: string[] = [];
    const enhancers: MarkdownEnhancer[] = [
      {
        name: 'track',
        selector: 'pre',
        enhance(elements, context) {
          const text = elements.map((element) => element.textContent).join();
          context.onDispose(() => disposed.push(text));
        },
      },
    ];
    const { rerender, unmount } = render(<Markdown html="<pre>one</pre>" options={{ enhancers }} />);
    rerender(<Markdown html="<pre>two</pre>" options={{ enhancers }} />);
    expect(disposed).toEqual(['one']);
    rerender(<Markdown html="<pre>two</pre>" options={{ enhancers: [...enhancers] }} />);
    expect(disposed).toEqual(['one']);
    unmount();
    expect(disposed).toEqual(['one', 'two']);
  });

  it('survives StrictMode remounting: the content ends up enhanced once', () => {
    const enhancers: MarkdownEnhancer[] = [
      {
        name: 'button',
        selector: 'pre',
        enhance(elements) {
          for (const element of elements) {
            if (!element.querySelector('button')) element.append(document.createElement('button'));
          }
        },
      },
    ];
    render(
      <StrictMode>
        <Markdown html="<pre>x</pre>" options={{ enhancers }} />
      </StrictMode>,
    );
    expect(screen.getAllByRole('button')).toHaveLength(1);
  });

  it('passes className, props and ref to the root', () => {
    let element: HTMLDivElement | null = null;
    render(<Markdown html="<p>x</p>" className="note-text" id="note-1" ref={(node) => void (element = node)} />);
    expect(element).toHaveAttribute('id', 'note-1');
    expect(element).toHaveClass('fk-markdown', 'note-text');
  });

  it('reports enhancer failures through options.onError', async () => {
    const onError = vi.fn();
    await act(async () => {
      render(
        <Markdown
          html="<pre>x</pre>"
          options={{
            onError,
            enhancers: [{ name: 'bad', selector: 'pre', enhance: () => Promise.reject(new Error('no')) }],
          }}
        />,
      );
    });
    expect(onError).toHaveBeenCalledWith(new Error('no'), 'bad');
  });
});
