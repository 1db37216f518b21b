/** `projects:labels:edit` (`/{project}/-/labels/{id}/edit`): change a project label. */
import { api } from 'forgekit/client';
import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ProjectLayout } from '../../../layout/layouts.tsx';
import { projectPath, useUrl } from '../../../layout/urls.ts';
import { clientFor, getOrNull } from '../../../page.ts';
import { requireSignIn } from '../../../session.ts';
import { loadProject, type ProjectWithAccess } from '../settings/project.ts';
import { LABELS_TEXT, type ProjectLabel } from './texts.ts';
import { LabelForm } from './LabelForm.tsx';

/** The page's title. */
export const EDIT_LABEL_TITLE = 'Edit label';

const NOT_FOUND = 404;

export async function loader(args: LoaderFunctionArgs) {
  requireSignIn(args);
  const project = await loadProject(args);
  const label = await getOrNull<ProjectLabel>(
    clientFor(args),
    api`/projects/${project.id}/labels/${args.params.label_id ?? ''}`,
  );
  if (!label) throw data(null, { status: NOT_FOUND });
  return { project, label };
}

export function Component() {
  const { project, label } = useLoaderData() as { project: ProjectWithAccess; label: ProjectLabel };
  const url = useUrl();
  return (
    <ProjectLayout
      project={project}
      current="labels"
      title={`${EDIT_LABEL_TITLE} · ${project.name_with_namespace}`}
      breadcrumbs={[{ text: LABELS_TEXT.title, href: url(projectPath(project.path_with_namespace, '-/labels')) }]}
    >
      <h1>{EDIT_LABEL_TITLE}</h1>
      <LabelForm project={project} label={label} />
    </ProjectLayout>
  );
}
