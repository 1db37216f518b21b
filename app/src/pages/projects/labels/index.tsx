/**
 * `projects:labels:index` (`/{project}/-/labels`): the project's labels (its own and its groups')
 * as chips with their descriptions and open issue counts; Reporters and above create, edit and
 * delete the project's own labels (deleting asks first, as GitLab's modal).
 */
import { Alert, Button, Label } from 'forgekit';
import { api, parsePageInfo, restClient, type PageInfo } from 'forgekit/client';
import { useState } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { ProjectLayout } from '../../../layout/layouts.tsx';
import { projectPath, useUrl } from '../../../layout/urls.ts';
import { clientFor } from '../../../page.ts';
import { useRootData } from '../../../root.tsx';
import { ACCESS_LEVEL, apiErrorMessage, hasAccess, loadProject, type ProjectWithAccess } from '../settings/project.ts';
import { ListPagination } from '../../../layout/ListPagination.tsx';
import { LABELS_TEXT, type ProjectLabel } from './texts.ts';
import { confirmAction } from '../../../layout/confirm.ts';

/** Labels per page (GitLab's label list shows 20 at a time). */
export const LABELS_PER_PAGE = 20;

interface LabelsData {
  project: ProjectWithAccess;
  labels: ProjectLabel[];
  pageInfo: PageInfo;
}

export async function loader(args: LoaderFunctionArgs): Promise<LabelsData> {
  const project = await loadProject(args);
  const page = Math.max(1, Number(new URL(args.request.url).searchParams.get('page')) || 1);
  const response = await clientFor(args).get<ProjectLabel[]>(api`/projects/${project.id}/labels`, {
    params: { with_counts: true, per_page: LABELS_PER_PAGE, page },
  });
  return { project, labels: response.data, pageInfo: parsePageInfo(response.headers) };
}

export function Component() {
  const { project, labels, pageInfo } = useLoaderData() as LabelsData;
  const url = useUrl();
  const revalidator = useRevalidator();
  const isAdmin = useRootData().currentUser?.isAdmin ?? false;
  const canManage = hasAccess(project, ACCESS_LEVEL.REPORTER, isAdmin);
  const [error, setError] = useState<string | null>(null);
  const labelsPath = (suffix = '') => url(projectPath(project.path_with_namespace, `-/labels${suffix}`));

  async function remove(label: ProjectLabel) {
    const confirmed = await confirmAction(LABELS_TEXT.deleteMessage(label.name, project.name_with_namespace), {
      title: LABELS_TEXT.deleteTitle(label.name),
      primaryBtnText: LABELS_TEXT.deleteConfirm,
      primaryBtnVariant: 'danger',
    });
    if (!confirmed) return;
    try {
      await restClient.delete(api`/projects/${project.id}/labels/${label.id}`);
      setError(null);
      await revalidator.revalidate();
    } catch (failure) {
      setError(apiErrorMessage(failure, LABELS_TEXT.deleteFailed));
    }
  }

  return (
    <ProjectLayout project={project} current="labels" title={`${LABELS_TEXT.title} · ${project.name_with_namespace}`}>
      <h1>{LABELS_TEXT.title}</h1>
      {canManage ? (
        <Button href={labelsPath('/new')} variant="confirm">
          {LABELS_TEXT.newLabel}
        </Button>
      ) : null}
      {error ? <Alert variant="danger">{error}</Alert> : null}
      {labels.length === 0 ? (
        <p>{LABELS_TEXT.empty}</p>
      ) : (
        <ul aria-label={LABELS_TEXT.title}>
          {labels.map((label) => (
            <li key={label.id} data-label-id={label.id}>
              <Label
                title={label.name}
                color={label.color}
                href={url(
                  projectPath(project.path_with_namespace, `-/issues?label_name[]=${encodeURIComponent(label.name)}`),
                )}
              />{' '}
              {label.is_project_label === false ? <small>{LABELS_TEXT.groupLabel}</small> : null}
              {label.description ? <p>{label.description}</p> : null}
              <p>{LABELS_TEXT.openIssues(label.open_issues_count ?? 0)}</p>
              {canManage && label.is_project_label !== false ? (
                <>
                  <Button href={labelsPath(`/${label.id}/edit`)} aria-label={`${LABELS_TEXT.edit} ${label.name}`}>
                    {LABELS_TEXT.edit}
                  </Button>{' '}
                  <Button
                    variant="danger"
                    aria-label={`${LABELS_TEXT.delete} ${label.name}`}
                    onClick={() => void remove(label)}
                  >
                    {LABELS_TEXT.delete}
                  </Button>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ListPagination pageInfo={pageInfo} />
    </ProjectLayout>
  );
}
