// Server rendering with no DOM globals: the editor renders its label, textarea and toolbar; the
// platform-dependent shortcut hints use the non-Apple form until the browser has hydrated.
import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import { MarkdownEditor } from '../src/markdown/MarkdownEditor';

it('renders on the server without a DOM', () => {
  expect(typeof window).toBe('undefined');
  const html = renderToString(
    <MarkdownEditor label="Description" defaultValue="Hello **world**" previewUrl="/preview" />,
  );
  expect(html).toContain('data-mode="write"');
  expect(html).toContain('data-preview-state="idle"');
  expect(html).toContain('Hello **world**</textarea>');
  expect(html).toContain('>Preview</button>');
  expect(html).toContain('role="toolbar"');
  expect(html).toContain('aria-keyshortcuts="Control+B"');
});

it('renders the preview mode as loading on the server (no request is made there)', () => {
  const html = renderToString(
    <MarkdownEditor
      label="Description"
      defaultValue="Hi"
      defaultMode="preview"
      previewMarkdown={() => new Promise(() => {})}
    />,
  );
  expect(html).toContain('data-preview-state="loading"');
  expect(html).toContain('Loading...');
  expect(html).toContain('Continue editing');
});
