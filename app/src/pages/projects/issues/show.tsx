/**
 * `projects:issues:show` (`/{project}/-/issues/{iid}`): the issue as a work item (GitLab's work
 * item view), read through GraphQL: the header (title editing, close and reopen, confidentiality,
 * notifications, delete), the description (task lists, editing with the lock version), and the
 * activity (threads, replies, internal notes, reactions, resolving, filter and sort).
 */
import { WorkItemHeader, WorkItemView, WORK_ITEM_TYPES, type WorkItemState, type WorkItemTypeName } from 'forgekit';
import {
  WorkItemDescription,
  WorkItemDescriptionConflictError,
  WorkItemNotes,
  type WorkItemDiscussion,
  type WorkItemNote,
} from 'forgekit/markdown';
import { useEffect, useMemo, useState } from 'react';
import { data, useLoaderData, useNavigate, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { restClient } from 'forgekit/client';
import { GraphqlError, graphqlMutate, graphqlQuery } from '../../../graphql.ts';
import { ProjectLayout } from '../../../layout/layouts.tsx';
import { projectPath, useUrl } from '../../../layout/urls.ts';
import { clientFor } from '../../../page.ts';
import { useRootData } from '../../../root.tsx';
import { loadProject, type ProjectWithAccess } from '../settings/project.ts';
import { ISSUES_TEXT } from './constants.ts';
import {
  CREATE_NOTE,
  DISCUSSIONS_FIRST_PAGE,
  DISCUSSIONS_NEXT_PAGES,
  DELETE_WORK_ITEM,
  DESTROY_NOTE,
  TOGGLE_AWARD,
  TOGGLE_RESOLVE,
  UPDATE_NOTE,
  UPDATE_WORK_ITEM,
  WORK_ITEM_BY_IID,
  WORK_ITEM_DISCUSSIONS,
  widgetOf,
  type GqlDiscussion,
  type GqlDiscussions,
  type GqlNote,
  type GqlWorkItem,
} from './workItemQueries.ts';

const NOT_FOUND = 404;
/** The start of GitLab's answer to an edit made on a stale copy (`staleObjectMessage` on the server). */
const STALE_EDIT_PREFIX = 'Someone edited this';

interface IssueData {
  project: ProjectWithAccess;
  workItem: GqlWorkItem;
}

export async function loader(args: LoaderFunctionArgs): Promise<IssueData> {
  const project = await loadProject(args);
  const result = await graphqlQuery<{ project: { workItems: { nodes: GqlWorkItem[] } } | null }>(
    clientFor(args),
    WORK_ITEM_BY_IID,
    { fullPath: project.path_with_namespace, iid: String(args.params.iid ?? ''), first: DISCUSSIONS_FIRST_PAGE },
  );
  const workItem = result.project?.workItems.nodes[0];
  if (!workItem) throw data(null, { status: NOT_FOUND });
  return { project, workItem };
}

/**
 * The work item's discussions: the first page came with the page; the rest are read in the
 * browser after hydration, 100 at a time, and appended as they arrive (a long activity neither
 * holds up the server render nor the first paint).
 */
function useDiscussions(workItem: GqlWorkItem): GqlDiscussion[] {
  const first = widgetOf(workItem, 'NOTES')?.discussions;
  // The later pages, with the first page they follow (a revalidation brings a new one).
  const [rest, setRest] = useState<{ after?: GqlDiscussions; nodes: GqlDiscussion[] }>({ nodes: [] });
  useEffect(() => {
    let cancelled = false;
    async function readAll(page: GqlDiscussions | undefined) {
      while (page?.pageInfo.hasNextPage && !cancelled) {
        const next = await graphqlQuery<{ workItem: { widgets: { discussions?: GqlDiscussions }[] } }>(
          restClient,
          WORK_ITEM_DISCUSSIONS,
          { id: workItem.id, first: DISCUSSIONS_NEXT_PAGES, after: page.pageInfo.endCursor },
        );
        page = next.workItem.widgets.find((widget) => widget.discussions)?.discussions;
        const nodes = page?.nodes ?? [];
        if (!cancelled)
          setRest((read) => ({ after: first, nodes: read.after === first ? [...read.nodes, ...nodes] : nodes }));
      }
    }
    void readAll(first);
    return () => {
      cancelled = true;
    };
  }, [workItem, first]);
  return useMemo(() => [...(first?.nodes ?? []), ...(rest.after === first ? rest.nodes : [])], [first, rest]);
}

function toNote(note: GqlNote): WorkItemNote {
  return {
    id: note.id,
    body: note.body,
    bodyHtml: note.bodyHtml,
    author: note.author,
    createdAt: note.createdAt,
    system: note.system,
    internal: note.internal ?? false,
    url: note.url ?? undefined,
    lastEditedAt: note.lastEditedAt,
    awardEmoji: note.awardEmoji.nodes.map(({ name, user }) => ({ name, user })),
    userPermissions: note.userPermissions,
  };
}

function toDiscussion(discussion: GqlDiscussion): WorkItemDiscussion {
  return {
    id: discussion.id,
    resolvable: discussion.resolvable,
    resolved: discussion.resolved,
    resolvedBy: discussion.resolvedBy,
    notes: discussion.notes.nodes.map(toNote),
  };
}

export function Component() {
  const { project, workItem } = useLoaderData() as IssueData;
  const discussions = useDiscussions(workItem);
  const url = useUrl();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const currentUser = useRootData().currentUser;
  const permissions = workItem.userPermissions;
  const type = workItem.workItemType.name as WorkItemTypeName;
  const hierarchy = widgetOf(workItem, 'HIERARCHY');
  const description = widgetOf(workItem, 'DESCRIPTION');
  const listPath = projectPath(project.path_with_namespace, '-/issues');
  const refresh = () => revalidator.revalidate();

  /** Updates the work item, then reads it again. */
  async function update(input: Readonly<Record<string, unknown>>) {
    await graphqlMutate(UPDATE_WORK_ITEM, { input: { id: workItem.id, ...input } });
    await refresh();
  }

  async function saveDescription(text: string, { lockVersion }: { lockVersion?: number }) {
    try {
      await update({ descriptionWidget: { description: text }, lockVersion });
    } catch (error) {
      if (!(error instanceof GraphqlError) || !error.message.startsWith(STALE_EDIT_PREFIX)) throw error;
      // Someone else saved first: hand the editor what the server holds now, with GitLab's message.
      const fresh = await graphqlQuery<{ project: { workItems: { nodes: GqlWorkItem[] } } }>(
        restClient,
        WORK_ITEM_BY_IID,
        { fullPath: project.path_with_namespace, iid: workItem.iid },
      );
      const current = fresh.project.workItems.nodes[0];
      throw new WorkItemDescriptionConflictError({
        description: current?.description ?? undefined,
        lockVersion: current?.lockVersion,
      });
    }
  }

  const header = (
    <WorkItemHeader
      type={type}
      title={workItem.title}
      reference={workItem.reference}
      state={workItem.state as WorkItemState}
      isConfidential={workItem.confidential}
      namespace="project"
      author={workItem.author ? { name: workItem.author.name, webUrl: workItem.author.webUrl } : undefined}
      createdAt={workItem.createdAt}
      parent={
        hierarchy?.parent
          ? {
              title: hierarchy.parent.title,
              reference: hierarchy.parent.reference,
              webUrl: hierarchy.parent.webUrl,
              type: hierarchy.parent.workItemType.name,
            }
          : undefined
      }
      hasChildren={hierarchy?.hasChildren ?? false}
      isSubscribed={widgetOf(workItem, 'NOTIFICATIONS')?.subscribed}
      canUpdate={permissions.updateWorkItem}
      canSetMetadata={permissions.setWorkItemMetadata}
      canDelete={permissions.deleteWorkItem}
      onTitleChange={(title) => update({ title })}
      onStateChange={(state) => update({ stateEvent: state === 'CLOSED' ? 'CLOSE' : 'REOPEN' })}
      onConfidentialChange={(confidential) => update({ confidential })}
      onSubscribedChange={(subscribed) => update({ notificationsWidget: { subscribed } })}
      onDelete={async () => {
        await graphqlMutate(DELETE_WORK_ITEM, { input: { id: workItem.id } });
        await navigate(listPath);
      }}
    />
  );

  return (
    <ProjectLayout
      project={project}
      current="issues"
      title={`${workItem.title} (${workItem.reference}) · ${ISSUES_TEXT.title} · ${project.name_with_namespace}`}
      breadcrumbs={[
        { text: ISSUES_TEXT.title, href: url(listPath) },
        { text: workItem.reference, href: workItem.webUrl },
      ]}
    >
      <WorkItemView
        header={header}
        description={
          <WorkItemDescription
            description={workItem.description ?? ''}
            descriptionHtml={workItem.descriptionHtml ?? ''}
            lockVersion={workItem.lockVersion}
            canUpdate={permissions.updateWorkItem}
            onSave={saveDescription}
            lastEditedAt={description?.lastEditedAt ?? undefined}
            lastEditedBy={description?.lastEditedBy ?? undefined}
            taskCompletionStatus={description?.taskCompletionStatus ?? undefined}
            previewUrl={url(projectPath(project.path_with_namespace, '-/preview_markdown'))}
          />
        }
        notes={
          <WorkItemNotes
            discussions={discussions.map(toDiscussion)}
            currentUser={
              currentUser
                ? {
                    id: `gid://gitlab/User/${currentUser.id}`,
                    username: currentUser.username,
                    name: currentUser.name,
                    avatarUrl: currentUser.avatarUrl,
                    webUrl: url(`/${currentUser.username}`),
                  }
                : null
            }
            workItemType={WORK_ITEM_TYPES[type].label.toLowerCase()}
            canCreateNote={permissions.createNote}
            canMarkNoteAsInternal={permissions.adminWorkItem}
            isWorkItemOpen={workItem.state === 'OPEN'}
            onToggleState={() => update({ stateEvent: workItem.state === 'OPEN' ? 'CLOSE' : 'REOPEN' })}
            onAddNote={async ({ body, internal, discussionId }) => {
              await graphqlMutate(CREATE_NOTE, { input: { noteableId: workItem.id, body, internal, discussionId } });
              await refresh();
            }}
            onUpdateNote={async (id, body) => {
              await graphqlMutate(UPDATE_NOTE, { input: { id, body } });
              await refresh();
            }}
            onDeleteNote={async (id) => {
              await graphqlMutate(DESTROY_NOTE, { input: { id } });
              await refresh();
            }}
            onToggleAward={async (id, name) => {
              await graphqlMutate(TOGGLE_AWARD, { input: { awardableId: id, name } });
              await refresh();
            }}
            onResolveDiscussion={async (id, resolve) => {
              await graphqlMutate(TOGGLE_RESOLVE, { input: { id, resolve } });
              await refresh();
            }}
            previewUrl={url(projectPath(project.path_with_namespace, '-/preview_markdown'))}
          />
        }
      />
    </ProjectLayout>
  );
}
