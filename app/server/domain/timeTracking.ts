/**
 * Applying the time tracking quick actions of a note (`/estimate`, `/remove_estimate`, `/spend`)
 * to its issue, for every write path that takes notes (GraphQL `createNote`, REST notes). Only
 * Reporters and above track time, as in GitLab; for others the lines stay in the note.
 */
import type { DbOrTx } from '../db/schema.ts';
import { updateIssue, type IssueProject, type IssueWithAssignees } from './issues.ts';
import type { MarkdownScope } from './markdown.ts';
import { timeTrackingCommands, type TimeTrackingCommands } from './quickActions.ts';
import { logTime } from './workItemWidgets.ts';

/** The commands of `body` if it has any, else null. */
export function parseTimeTrackingCommands(body: string): TimeTrackingCommands | null {
  const commands = timeTrackingCommands(body);
  return commands.commandNames.length || commands.errorMessages.length ? commands : null;
}

/** Applies parsed commands as `actorId`; `noteId` is the note that carried them, if one was kept. */
export async function applyTimeTrackingCommands(
  db: DbOrTx,
  project: IssueProject | null,
  issue: IssueWithAssignees,
  actorId: number,
  commands: TimeTrackingCommands,
  noteId: number | null,
  scope: MarkdownScope,
): Promise<void> {
  if (commands.estimate !== undefined)
    await updateIssue(db, project, issue, actorId, { timeEstimate: commands.estimate }, scope);
  for (const spend of commands.spends) await logTime(db, issue, actorId, { ...spend, noteId }, scope);
}
