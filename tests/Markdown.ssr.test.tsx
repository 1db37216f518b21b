// With no DOM there is no sanitiser: the server (and the hydration pass) show the text only.
import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import { Markdown } from '../src/markdown/Markdown';

it('renders the text alone on the server, never the raw HTML', () => {
  const html = renderToString(
    <Markdown html={'<p>Hello <b>world</b></p><img src=x onerror="alert(1)"><script>alert(2)</script>'} />,
  );
  expect(typeof window).toBe('undefined');
  expect(html).toBe('<div class="fk-markdown" data-state="pending">Hello world</div>');
});
