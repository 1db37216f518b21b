/** Labels: GitLab's colour rules and lookups of project labels with their ancestor groups' labels. */
import { sql } from 'kysely';
import type { DbOrTx } from '../db/schema.ts';
import type { LabelRow } from './issuableTables.ts';

/** GitLab's label colours: `#` and 3 or 6 hex digits (`Gitlab::Color::PATTERN`). */
export const LABEL_COLOR_PATTERN = /^#(?:[0-9A-Fa-f]{3}){1,2}$/;
/** GitLab's message for a colour it cannot read. */
export const INVALID_COLOR = 'must be a valid color code';
/** GitLab's message for a label title with a comma (labels are sent comma-separated). */
export const INVALID_TITLE = 'is invalid';
/** Text on a light label (`Gitlab::Color::Constants::DARK`). */
export const LABEL_TEXT_DARK = '#333333';
/** Text on a dark label (`Gitlab::Color::Constants::LIGHT`). */
export const LABEL_TEXT_LIGHT = '#FFFFFF';
/** A colour is light when its red, green and blue (0-255 each) add up to more than this. */
export const LIGHT_COLOR_RGB_SUM = 500;
/** GitLab's answer to a second label of the same name. */
export const LABEL_EXISTS = 'Label already exists';

const SHORT_HEX_LENGTH = 4;
const HEX = 16;

/** `text_color` of a label: dark text on light colours, white on dark ones (GitLab's rule). */
export function labelTextColor(color: string): string {
  if (!LABEL_COLOR_PATTERN.test(color)) return LABEL_TEXT_LIGHT;
  const digits =
    color.length === SHORT_HEX_LENGTH ? [...color.slice(1)].map((d) => d + d) : (color.slice(1).match(/../g) ?? []);
  const sum = digits.reduce((total, pair) => total + parseInt(pair, HEX), 0);
  return sum > LIGHT_COLOR_RGB_SUM ? LABEL_TEXT_DARK : LABEL_TEXT_LIGHT;
}

/** Validation errors of a label's title and colour (empty when both are fine). */
export function labelErrors(input: { title?: string; color?: string }): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (input.title !== undefined && (!input.title.trim() || input.title.includes(','))) errors.title = [INVALID_TITLE];
  if (input.color !== undefined && !LABEL_COLOR_PATTERN.test(input.color.trim())) errors.color = [INVALID_COLOR];
  return errors;
}

/** The labels a project sees: its own and its ancestor groups' (`include_ancestor_groups`). */
export function projectLabelsQuery(
  db: DbOrTx,
  project: { id: number; traversalIds: readonly number[] },
  includeAncestors = true,
) {
  return db
    .selectFrom('labels')
    .selectAll('labels')
    .where((eb) =>
      eb.or([
        eb('labels.project_id', '=', project.id),
        ...(includeAncestors && project.traversalIds.length ? [eb('labels.group_id', 'in', project.traversalIds)] : []),
      ]),
    );
}

/** A project's label by id or title (its own first, then its groups'). */
export async function findProjectLabel(
  db: DbOrTx,
  project: { id: number; traversalIds: readonly number[] },
  idOrTitle: string,
): Promise<LabelRow | undefined> {
  const query = projectLabelsQuery(db, project).orderBy(sql`labels.project_id IS NULL`);
  if (/^\d+$/.test(idOrTitle)) {
    const byId = await query.where('labels.id', '=', Number(idOrTitle)).executeTakeFirst();
    if (byId) return byId;
  }
  return query.where('labels.title', '=', idOrTitle).executeTakeFirst();
}

/** Label rows of a project (own and ancestors') with these titles, one per title. */
export async function labelsByTitle(
  db: DbOrTx,
  project: { id: number; traversalIds: readonly number[] },
  titles: readonly string[],
): Promise<LabelRow[]> {
  if (titles.length === 0) return [];
  const rows = await projectLabelsQuery(db, project)
    .where('labels.title', 'in', titles)
    .orderBy(sql`labels.project_id IS NULL`)
    .execute();
  const byTitle = new Map<string, LabelRow>();
  for (const row of rows) if (!byTitle.has(row.title)) byTitle.set(row.title, row);
  return [...byTitle.values()];
}
