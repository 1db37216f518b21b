/** `projects:labels:new` (`/{project}/-/labels/new`): create a project label. */
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ProjectLayout } from '../../../layout/layouts.tsx';
import { projectPath, useUrl } from '../../../layout/urls.ts';
import { requireSignIn } from '../../../session.ts';
import { loadProject, type ProjectWithAccess } from '../settings/project.ts';
import { LABELS_TEXT } from './texts.ts';
import { LabelForm } from './LabelForm.tsx';

/** The page's title. */
export const NEW_LABEL_TITLE = 'New label';

export async function loader(args: LoaderFunctionArgs) {
  requireSignIn(args);
  return { project: await loadProject(args) };
}

export function Component() {
  const { project } = useLoaderData() as { project: ProjectWithAccess };
  const url = useUrl();
  return (
    <ProjectLayout
      project={project}
      current="labels"
      title={`${NEW_LABEL_TITLE} · ${project.name_with_namespace}`}
      breadcrumbs={[{ text: LABELS_TEXT.title, href: url(projectPath(project.path_with_namespace, '-/labels')) }]}
    >
      <h1>{NEW_LABEL_TITLE}</h1>
      <LabelForm project={project} />
    </ProjectLayout>
  );
}
