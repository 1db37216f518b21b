/**
 * `projects:blame:show`: who last changed each line of a file, at `/-/blame/{ref}/{path}`: the
 * file's lines in runs, each run beside the commit that wrote it, line numbers as `#L{n}` anchors.
 */
import { TimeAgo } from 'forgekit';
import { api, type Commit } from 'forgekit/client';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ProjectLayout } from '../../../layout/layouts.tsx';
import { useUrl } from '../../../layout/urls.ts';
import { clientFor } from '../../../page.ts';
import { loadProject, notFound, nullOn404, REPOSITORY_TEXT, repositoryPaths, splitRefPath } from '../repository.ts';
import { pathCrumbs } from '../tree/show.tsx';

/** GitLab's `BlameRange`: a commit and the consecutive lines it last changed. */
interface BlameRange {
  commit: Pick<Commit, 'id' | 'message' | 'author_name' | 'committed_date'>;
  lines: string[];
}

/** The blame page's texts. */
export const BLAME_TEXT = {
  title: REPOSITORY_TEXT.blame,
  commit: 'Commit',
  line: 'Line',
  code: 'Code',
  viewFile: 'View file',
} as const;

export async function loader(args: LoaderFunctionArgs) {
  const client = clientFor(args);
  const project = await loadProject(args);
  const location = await splitRefPath(client, project, args.params['*'] ?? '');
  if (!location?.path) notFound();
  const { ref, path } = location;
  const response = await nullOn404(
    client.get<BlameRange[]>(api`/projects/${project.id}/repository/files/${path}/blame`, { params: { ref } }),
  );
  const ranges = response?.data ?? notFound();
  // Each run starts at the line after the previous one.
  let next = 1;
  const runs = ranges.map((range) => {
    const first = next;
    next += range.lines.length;
    return { ...range, first };
  });
  return { project, ref, path, runs };
}

export function Component() {
  const { project, ref, path, runs } = useLoaderData<typeof loader>();
  const url = useUrl();
  return (
    <ProjectLayout
      project={project}
      current="files"
      title={[BLAME_TEXT.title, path, ref, project.name_with_namespace].join(' · ')}
      breadcrumbs={pathCrumbs(url, project, ref, path, (file) => repositoryPaths.blame(project, ref, file))}
    >
      <h1>
        {BLAME_TEXT.title}: {path.slice(path.lastIndexOf('/') + 1)}
      </h1>
      <p>
        <a href={url(repositoryPaths.blob(project, ref, path))}>{BLAME_TEXT.viewFile}</a>
      </p>
      <table>
        <caption>{path}</caption>
        <thead>
          <tr>
            <th scope="col">{BLAME_TEXT.commit}</th>
            <th scope="col">{BLAME_TEXT.line}</th>
            <th scope="col">{BLAME_TEXT.code}</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) =>
            run.lines.map((line, index) => {
              const number = run.first + index;
              return (
                <tr key={number}>
                  {index === 0 ? (
                    <td rowSpan={run.lines.length}>
                      <a href={url(repositoryPaths.commit(project, run.commit.id))}>
                        {run.commit.message.split('\n', 1)[0]}
                      </a>{' '}
                      {REPOSITORY_TEXT.authoredBy(run.commit.author_name)} <TimeAgo date={run.commit.committed_date} />
                    </td>
                  ) : null}
                  <td>
                    <a id={`L${number}`} href={`#L${number}`}>
                      {number}
                    </a>
                  </td>
                  <td id={`LC${number}`}>
                    <pre>
                      <code>{line}</code>
                    </pre>
                  </td>
                </tr>
              );
            }),
          )}
        </tbody>
      </table>
    </ProjectLayout>
  );
}
