/**
 * `help:show` (`/help/{path}`, an optional `#anchor` as spec section 2 says): one page of the
 * product's documentation (`docs/{path}.md`), rendered through `forgekit/markdown`; 404 when
 * there is no such page.
 */
import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { BasicLayout } from '../../layout/layouts.tsx';
import { RenderedMarkdown } from '../../layout/RenderedMarkdown.tsx';
import { useUrl } from '../../layout/urls.ts';
import { projectPathOf } from '../../routing.ts';
import { docTitle, readHelpDoc, renderHelpMarkdown } from './docs.ts';
import { HELP_TEXT } from './index.tsx';

const NOT_FOUND = 404;

export async function loader({ params }: LoaderFunctionArgs) {
  const path = projectPathOf(params);
  const source = await readHelpDoc(path);
  if (source === null) throw data(null, { status: NOT_FOUND });
  return { title: docTitle(source, path), html: await renderHelpMarkdown(source) };
}

export function Component() {
  const { title, html } = useLoaderData<typeof loader>();
  const url = useUrl();
  return (
    <BasicLayout title={`${title} · ${HELP_TEXT.title}`} breadcrumbs={[{ text: HELP_TEXT.title, href: url('/help') }]}>
      <RenderedMarkdown sanitizedHtml={html} />
    </BasicLayout>
  );
}
