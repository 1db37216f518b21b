/**
 * `help:index` (`/help`): the product's help, the README rendered through `forgekit/markdown`,
 * then the list of the documentation pages (see docs.ts for where they come from).
 */
import { useLoaderData } from 'react-router';
import { BasicLayout } from '../../layout/layouts.tsx';
import { RenderedMarkdown } from '../../layout/RenderedMarkdown.tsx';
import { useUrl } from '../../layout/urls.ts';
import { listHelpDocs, readHelpIndex, renderHelpMarkdown } from './docs.ts';

/** The page's texts. */
export const HELP_TEXT = {
  title: 'Help',
  docs: 'Documentation',
} as const;

export async function loader() {
  const [html, docs] = await Promise.all([
    readHelpIndex().then((source) => renderHelpMarkdown(source)),
    listHelpDocs(),
  ]);
  return { html, docs };
}

export function Component() {
  const { html, docs } = useLoaderData<typeof loader>();
  const url = useUrl();
  return (
    <BasicLayout title={HELP_TEXT.title}>
      <h1>{HELP_TEXT.title}</h1>
      <RenderedMarkdown sanitizedHtml={html} />
      <nav aria-labelledby="help-docs">
        <h2 id="help-docs">{HELP_TEXT.docs}</h2>
        <ul>
          {docs.map((doc) => (
            <li key={doc}>
              <a href={url(`/help/${doc}`)}>{doc}</a>
            </li>
          ))}
        </ul>
      </nav>
    </BasicLayout>
  );
}
