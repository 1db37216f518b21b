/**
 * The description of a work item's page (task lists, editing with the lock version) and the work
 * item's reactions under it, as GitLab's work item view has them: their own chunk, hydrated after
 * the page's header (see `deferredRegion.tsx`).
 */
import { AwardEmojiBar, type WorkItemUser } from 'forgekit';
import { restClient } from 'forgekit/client';
import { WorkItemDescription, WorkItemDescriptionConflictError } from 'forgekit/markdown';
import { GraphqlError, graphqlMutate, graphqlQuery } from '../../../graphql.ts';
import { TOGGLE_AWARD, WORK_ITEM_BY_ID, widgetOf, type GqlWorkItem } from './workItemQueries.ts';

/** The start of GitLab's answer to an edit made on a stale copy (`staleObjectMessage` on the server). */
const STALE_EDIT_PREFIX = 'Someone edited this';

export interface IssueDescriptionProps {
  workItem: GqlWorkItem;
  /** The signed-in user; `null` for an anonymous visitor. */
  currentUser: WorkItemUser | null;
  /** The namespace's Markdown preview URL. */
  previewUrl: string;
  /** Saves a `workItemUpdate` input, then reads the item again; rejects when the server refuses it. */
  onUpdate: (input: Readonly<Record<string, unknown>>) => Promise<void>;
  /** Reads the item again. */
  onRefresh: () => Promise<void>;
}

/** The description and the reactions; an edit made on a stale copy gets GitLab's conflict. */
export function IssueDescription({ workItem, currentUser, previewUrl, onUpdate, onRefresh }: IssueDescriptionProps) {
  const permissions = workItem.userPermissions;
  const description = widgetOf(workItem, 'DESCRIPTION');
  const awards = widgetOf(workItem, 'AWARD_EMOJI')?.awardEmoji.nodes ?? [];

  async function saveDescription(text: string, { lockVersion }: { lockVersion?: number }) {
    try {
      await onUpdate({ descriptionWidget: { description: text }, lockVersion });
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

  return (
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
        currentUserId={currentUser && permissions.awardEmoji ? currentUser.id : null}
        onToggle={async (name) => {
          await graphqlMutate(TOGGLE_AWARD, { input: { awardableId: workItem.id, name } });
          await onRefresh();
        }}
      />
    </>
  );
}
