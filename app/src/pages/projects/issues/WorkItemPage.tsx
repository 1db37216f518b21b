/**
 * The body of a work item's page (GitLab's work item view), wherever the item lives: the header
 * (title editing, close and reopen, confidentiality, notifications, delete), the description
 * (task lists, editing with the lock version), the child and linked items, development and designs
 * (`IssueRelations.tsx`), the attribute sidebar (`IssueSidebar.tsx`), and the activity (threads,
 * replies, internal notes, reactions, resolving, filter and sort). Used by `projects:issues:show`, `projects:work_items:show`
 * and the group epic view; each page loads the item and hands it over with its namespace and layout.
 */
import {
  AwardEmojiBar,
  WorkItemHeader,
  WorkItemView,
  WORK_ITEM_TYPES,
  type WorkItemState,
  type WorkItemTypeName,
} from 'forgekit';
import {
  WorkItemDescription,
  WorkItemDescriptionConflictError,
  WorkItemNotes,
  type WorkItemDiscussion,
  type WorkItemNote,
} from 'forgekit/markdown';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { restClient } from 'forgekit/client';
import { GraphqlError, graphqlMutate, graphqlQuery } from '../../../graphql.ts';
import type { LayoutProps } from '../../../layout/layouts.tsx';
import { projectPath, useUrl } from '../../../layout/urls.ts';
import { useRootData } from '../../../root.tsx';
import { useIssueRelations } from './IssueRelations.tsx';
import { IssueSidebar } from './IssueSidebar.tsx';
import {
  CREATE_NOTE,
  DISCUSSIONS_NEXT_PAGES,
  DELETE_WORK_ITEM,
  DESTROY_NOTE,
  TOGGLE_AWARD,
  TOGGLE_RESOLVE,
  UPDATE_NOTE,
  UPDATE_WORK_ITEM,
  WORK_ITEM_BY_ID,
  WORK_ITEM_DISCUSSIONS,
  widgetOf,
  type GqlDiscussion,
  type GqlDiscussions,
  type GqlNote,
  type GqlWorkItem,
} from './workItemQueries.ts';

/** The start of GitLab's answer to an edit made on a stale copy (`staleObjectMessage` on the server). */
const STALE_EDIT_PREFIX = 'Someone edited this';

/** Where a work item lives: a project, or a group (epics). */
export interface WorkItemNamespace {
  kind: 'project' | 'group';
  /** `atlas/router`, `atlas`. */
  fullPath: string;
  /** The name shown in the document title (`Atlas / Router`). */
  name: string;
  webUrl: string;
}

/** The props of `WorkItemPage`. This API is stable: the issue, work item and epic pages all use it. */
export interface WorkItemPageProps {
  /** The work item as `WORK_ITEM_BY_IID` / `WORK_ITEM_BY_ID` read it (with its first discussions). */
  workItem: GqlWorkItem;
  /** Where the item lives (title, Markdown preview URL, the header's confidentiality text). */
  namespace: WorkItemNamespace;
  /**
   * Renders the page's layout around the view (called as a function, not mounted as a component,
   * so an inline arrow does not remount the page): e.g.
   * `(props) => <ProjectLayout project={project} current="issues" {...props} />`.
   */
  layout: (props: LayoutProps) => ReactNode;
  /** The list the item belongs to: the crumb before the item, and where a delete goes. */
  list: {
    /** `Issues`, `Epics`. */
    title: string;
    /** Product path below the relative root: `/atlas/router/-/issues`. */
    path: string;
  };
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
  // The later threads of the last complete read: shown until a re-read replaces them, so a thread
  // past the first page stays mounted (and keeps a reply being typed) while the page reads again.
  const [settled, setSettled] = useState<GqlDiscussion[]>([]);
  useEffect(() => {
    let cancelled = false;
    async function readAll(page: GqlDiscussions | undefined) {
      const read: GqlDiscussion[] = [];
      while (page?.pageInfo.hasNextPage && !cancelled) {
        const next = await graphqlQuery<{ workItem: { widgets: { discussions?: GqlDiscussions }[] } }>(
          restClient,
          WORK_ITEM_DISCUSSIONS,
          { id: workItem.id, first: DISCUSSIONS_NEXT_PAGES, after: page.pageInfo.endCursor },
        );
        page = next.workItem.widgets.find((widget) => widget.discussions)?.discussions;
        read.push(...(page?.nodes ?? []));
        if (!cancelled) setRest({ after: first, nodes: [...read] });
      }
      if (!cancelled) setSettled(read);
    }
    void readAll(first);
    return () => {
      cancelled = true;
    };
  }, [workItem, first]);
  return useMemo(() => {
    const fresh = [...(first?.nodes ?? []), ...(rest.after === first ? rest.nodes : [])];
    const shown = new Set(fresh.map((discussion) => discussion.id));
    return [...fresh, ...settled.filter((discussion) => !shown.has(discussion.id))];
  }, [first, rest, settled]);
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

/** The Markdown preview endpoint of a namespace (GitLab's `preview_markdown`), below the relative root. */
function previewPath(namespace: WorkItemNamespace): string {
  const suffix = '-/preview_markdown';
  return namespace.kind === 'group'
    ? `/groups/${namespace.fullPath}/${suffix}`
    : projectPath(namespace.fullPath, suffix);
}

/**
 * A work item's page body inside the given layout: header, description, activity. Every edit is
 * a GraphQL mutation, then the route's loader reads the item again.
 */
export function WorkItemPage({ workItem, namespace, layout, list }: WorkItemPageProps) {
  const discussions = useDiscussions(workItem);
  const url = useUrl();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const currentUser = useRootData().currentUser;
  const permissions = workItem.userPermissions;
  const type = workItem.workItemType.name as WorkItemTypeName;
  const hierarchy = widgetOf(workItem, 'HIERARCHY');
  const description = widgetOf(workItem, 'DESCRIPTION');
  const awards = widgetOf(workItem, 'AWARD_EMOJI')?.awardEmoji.nodes ?? [];
  const previewUrl = url(previewPath(namespace));
  const refresh = () => revalidator.revalidate();
  const user = currentUser
    ? {
        id: `gid://gitlab/User/${currentUser.id}`,
        username: currentUser.username,
        name: currentUser.name,
        avatarUrl: currentUser.avatarUrl ?? undefined,
        webUrl: url(`/${currentUser.username}`),
      }
    : null;
  const relations = useIssueRelations({ workItem, namespace, onRefresh: () => void refresh() });

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
      const fresh = await graphqlQuery<{ workItem: GqlWorkItem | null }>(restClient, WORK_ITEM_BY_ID, {
        id: workItem.id,
      });
      throw new WorkItemDescriptionConflictError({
        description: fresh.workItem?.description ?? undefined,
        lockVersion: fresh.workItem?.lockVersion,
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
      namespace={namespace.kind}
      author={workItem.author ? { name: workItem.author.name, webUrl: workItem.author.webUrl } : undefined}
      createdAt={workItem.createdAt}
      parent={
        hierarchy?.parent?.webUrl
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
        await navigate(list.path);
      }}
    />
  );

  return layout({
    title: `${workItem.title} (${workItem.reference}) · ${list.title} · ${namespace.name}`,
    breadcrumbs: [
      { text: list.title, href: url(list.path) },
      { text: workItem.reference, href: workItem.webUrl },
    ],
    children: (
      <WorkItemView
        header={header}
        description={
          <>
            <WorkItemDescription
              description={workItem.description ?? ''}
              descriptionHtml={workItem.descriptionHtml ?? ''}
              // The server renders Markdown with renderMarkdown, which sanitises: no sanitiser loads with the page.
              isHtmlSanitized
              lockVersion={workItem.lockVersion}
              canUpdate={permissions.updateWorkItem}
              onSave={saveDescription}
              lastEditedAt={description?.lastEditedAt ?? undefined}
              lastEditedBy={description?.lastEditedBy ?? undefined}
              taskCompletionStatus={description?.taskCompletionStatus ?? undefined}
              previewUrl={previewUrl}
            />
            {/* GitLab's work item reactions sit under the description. */}
            <AwardEmojiBar
              awards={awards}
              currentUserId={user && permissions.awardEmoji ? user.id : null}
              onToggle={async (name) => {
                await graphqlMutate(TOGGLE_AWARD, { input: { awardableId: workItem.id, name } });
                await refresh();
              }}
            />
          </>
        }
        childItems={relations.childItems}
        linkedItems={relations.linkedItems}
        sidebar={<IssueSidebar workItem={workItem} namespace={namespace} currentUser={user} onUpdate={update} />}
        notes={
          <WorkItemNotes
            discussions={discussions.map(toDiscussion)}
            isHtmlSanitized
            currentUser={user && { ...user, avatarUrl: user.avatarUrl ?? null }}
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
            previewUrl={previewUrl}
          />
        }
      >
        {relations.others}
      </WorkItemView>
    ),
  });
}
