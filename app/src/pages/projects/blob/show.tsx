/**
 * `projects:blob:show`: one file of the repository at `/-/blob/{ref}/{path}`: its last commit,
 * raw and download links, and its content: Markdown rendered, images shown, text with line
 * numbers that are `#L{n}` anchors (highlighted in the browser), binary files as a notice; all
 * through the library's BlobViewer. Unknown ref or path: 404.
 */
import { BlobViewer, type BlobHighlighter } from 'forgekit';
import { api } from 'forgekit/client';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ProjectLayout } from '../../../layout/layouts.tsx';
import { RenderedMarkdown } from '../../../layout/RenderedMarkdown.tsx';
import { useUrl } from '../../../layout/urls.ts';
import { clientFor } from '../../../page.ts';
import {
  isMarkdownFile,
  lastCommitOf,
  loadProject,
  notFound,
  nullOn404,
  renderRepositoryMarkdownCached,
  repositoryPaths,
  splitRefPath,
} from '../repository.ts';
import { LastCommit } from '../tree/LastCommit.tsx';
import { loadRefs, pathCrumbs, RefSwitcher, RepositoryPath } from '../tree/shared.tsx';

/** GET repository/files/:path (GitLab's `RepositoryFile`). */
interface RepositoryFile {
  file_name: string;
  file_path: string;
  size: number;
  encoding: 'base64';
  content: string;
  /** SHA-256 of the content: names it in the rendered-Markdown cache. */
  content_sha256: string;
}

/** Images the file view shows as images (what the raw route serves as an image). */
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'bmp', 'tiff', 'ico', 'webp', 'svg'] as const;

/** How a file is shown. */
type FileView =
  { kind: 'markdown'; html: string } | { kind: 'text'; text: string } | { kind: 'image' } | { kind: 'binary' };

/** The file's bytes as UTF-8 text, or `null` for binary data (a NUL byte, or not UTF-8). */
function decodeText(base64: string): string | null {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The library's highlighter, loaded with the first file that needs it (after hydration: the lines show plain first). */
const highlightLines: BlobHighlighter = (code, language) =>
  import('../../../layout/markdownPipeline.ts').then((module) => module.highlightCodeLines(code, language));

export async function loader(args: LoaderFunctionArgs) {
  const client = clientFor(args);
  const project = await loadProject(args);
  const location = await splitRefPath(client, project, args.params['*'] ?? '');
  if (!location?.path) notFound();
  const { ref, path } = location;
  const response = await nullOn404(
    client.get<RepositoryFile>(api`/projects/${project.id}/repository/files/${path}`, { params: { ref } }),
  );
  const file = response?.data ?? notFound();
  const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  const text = decodeText(file.content);
  let view: FileView;
  if ((IMAGE_EXTENSIONS as readonly string[]).includes(extension)) view = { kind: 'image' };
  else if (text === null) view = { kind: 'binary' };
  else if (isMarkdownFile(path))
    view = {
      kind: 'markdown',
      html: await renderRepositoryMarkdownCached(args, project, text, { ref, path }, file.content_sha256),
    };
  else view = { kind: 'text', text };
  const [lastCommit, refs] = await Promise.all([lastCommitOf(client, project, ref, path), loadRefs(client, project)]);
  return { project, ref, path, name: file.file_name, size: file.size, language: extension, view, lastCommit, refs };
}

export function Component() {
  const { project, ref, path, name, size, language, view, lastCommit, refs } = useLoaderData<typeof loader>();
  const url = useUrl();
  const raw = url(repositoryPaths.raw(project, ref, path));
  return (
    <ProjectLayout
      project={project}
      current="files"
      title={[path, ref, project.name_with_namespace].join(' · ')}
      breadcrumbs={pathCrumbs(url, project, ref, path, (file) => repositoryPaths.blob(project, ref, file))}
    >
      <h1>{name}</h1>
      <RefSwitcher refs={refs} current={ref} pathOf={(other) => repositoryPaths.blob(project, other, path)} />
      <RepositoryPath
        project={project}
        path={path}
        hrefFor={(entry) =>
          url(entry === path ? repositoryPaths.blob(project, ref, path) : repositoryPaths.tree(project, ref, entry))
        }
      />
      {lastCommit ? <LastCommit project={project} commit={lastCommit} /> : null}
      <BlobViewer
        fileName={name}
        path={path}
        size={size}
        mode={view.kind === 'text' ? 'code' : view.kind}
        content={view.kind === 'text' ? view.text : undefined}
        language={language}
        highlighter={highlightLines}
        imageSrc={view.kind === 'image' ? raw : undefined}
        blameHref={url(repositoryPaths.blame(project, ref, path))}
        historyHref={url(`${repositoryPaths.commits(project, ref)}/${path}`)}
        rawHref={raw}
        downloadHref={`${raw}?inline=false`}
      >
        {view.kind === 'markdown' ? <RenderedMarkdown sanitizedHtml={view.html} /> : null}
      </BlobViewer>
    </ProjectLayout>
  );
}
