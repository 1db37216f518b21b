/** GitLab's milestone entity (`lib/api/entities/milestone.rb`), for project and group milestones. */
import type { MilestoneRow } from '../../../domain/issuableTables.ts';
import { isMilestoneExpired } from '../../../domain/milestones.ts';
import { isoDate, isoTime, type EntityContext } from './context.ts';

/** Where a milestone lives: its project's or group's full path. */
export interface MilestoneOwner {
  /** `group/project` for a project milestone, `group` for a group milestone. */
  fullPath: string;
}

/** `id, iid, project_id | group_id, title, description, state, dates, expired, web_url`. */
export function Milestone(milestone: MilestoneRow, owner: MilestoneOwner, ctx: EntityContext) {
  const web = milestone.project_id
    ? `${ctx.baseUrl}/${owner.fullPath}/-/milestones/${milestone.iid}`
    : `${ctx.baseUrl}/groups/${owner.fullPath}/-/milestones/${milestone.iid}`;
  return {
    id: milestone.id,
    iid: milestone.iid,
    ...(milestone.project_id ? { project_id: milestone.project_id } : { group_id: milestone.group_id }),
    title: milestone.title,
    description: milestone.description,
    state: milestone.state,
    created_at: isoTime(milestone.created_at),
    updated_at: isoTime(milestone.updated_at),
    due_date: isoDate(milestone.due_date),
    start_date: isoDate(milestone.start_date),
    expired: isMilestoneExpired(milestone),
    web_url: web,
  };
}
