/**
 * The pure logic of the award emoji bar (no React, no DOM): grouping awards into one button per
 * emoji, the tooltip text naming who reacted, the accessible name, and the optimistic changes
 * shown while a toggle is on its way to the server. GitLab's `awards_list.vue` is the model.
 */

/** A user id as the server gives it (REST gives numbers, GraphQL strings); compared as text. */
export type AwardUserId = number | string;

/** Who gave an award. */
export interface AwardUser {
  id: AwardUserId;
  /** Display name, shown in the tooltip. */
  name: string;
  /** Username, shown when there is no display name. */
  username?: string;
}

/** One award: one user's reaction with one emoji. */
export interface Award {
  /** Emoji name, e.g. `thumbsup`. */
  name: string;
  user: AwardUser;
}

/** One button of the bar: an emoji and everyone who reacted with it. */
export interface AwardGroup {
  /** Emoji name. */
  name: string;
  /** The users who reacted, each once, in award order. */
  users: AwardUser[];
  /** Whether the current user is one of them. */
  isAwardedByCurrentUser: boolean;
}

/** The emoji name of the thumbs up award, always the first button. */
export const THUMBS_UP = 'thumbsup';
/** The emoji name of the thumbs down award, always second. */
export const THUMBS_DOWN = 'thumbsdown';

/**
 * Awards shown even when nobody has given them yet (count 0), as under GitLab's issues and merge
 * requests (issue text: "thumbs up and down first").
 */
export const DEFAULT_AWARDS: readonly string[] = [THUMBS_UP, THUMBS_DOWN];

/**
 * How many names the tooltip lists before 'and N others' (GitLab's awards list lists ten:
 * `TOOLTIP_NAME_COUNT = 10`), the current user's 'You' included.
 */
export const AWARD_TOOLTIP_NAME_LIMIT = 10;

/** How the current user is named in the tooltip (issue text: 'You, Ada and 3 others'). */
export const AWARD_CURRENT_USER_LABEL = 'You';

/** Whether two user ids are the same user (`7` and `'7'` are). Absent ids match nothing. */
export function isSameUser(a: AwardUserId | null | undefined, b: AwardUserId | null | undefined): boolean {
  return a !== null && a !== undefined && b !== null && b !== undefined && String(a) === String(b);
}

/**
 * One group per emoji name: thumbs up, then thumbs down, then the other `defaultAwards` in their
 * order, then every other emoji in the order of its first award. Default awards appear even with
 * no awards. Each user counts once per emoji.
 */
export function groupAwards(
  awards: readonly Award[],
  {
    defaultAwards = DEFAULT_AWARDS,
    currentUserId,
  }: { defaultAwards?: readonly string[]; currentUserId?: AwardUserId | null } = {},
): AwardGroup[] {
  // A Map keeps insertion order for every key; an object would move names like `100` to the front.
  const groups = new Map<string, AwardGroup>();
  const groupOf = (name: string) => {
    let group = groups.get(name);
    if (!group) {
      group = { name, users: [], isAwardedByCurrentUser: false };
      groups.set(name, group);
    }
    return group;
  };
  for (const name of [THUMBS_UP, THUMBS_DOWN]) if (defaultAwards.includes(name)) groupOf(name);
  for (const name of defaultAwards) groupOf(name);
  for (const { name, user } of awards) {
    const group = groupOf(name);
    if (group.users.some((other) => isSameUser(other.id, user.id))) continue;
    group.users.push(user);
    if (isSameUser(user.id, currentUserId)) group.isAwardedByCurrentUser = true;
  }
  const rank = (name: string) => (name === THUMBS_UP ? 0 : name === THUMBS_DOWN ? 1 : 2);
  // Array.prototype.sort is stable: within a rank, the order above stays.
  return [...groups.values()].sort((a, b) => rank(a.name) - rank(b.name));
}

/** 'A', 'A and B', 'A, B and C'. */
function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * Who reacted, for the tooltip: the current user first as 'You', then the others in award order,
 * at most `limit` names, then 'and 1 other' / 'and N others':
 * 'You', 'You and Ada', 'You, Ada and Bob', 'Ada, Bob and 3 others'. Empty when nobody reacted.
 */
export function formatAwardTooltip(
  users: readonly AwardUser[],
  currentUserId?: AwardUserId | null,
  limit: number = AWARD_TOOLTIP_NAME_LIMIT,
): string {
  const names: string[] = [];
  let isCurrentUserIn = false;
  for (const user of users) {
    if (isSameUser(user.id, currentUserId)) isCurrentUserIn = true;
    else names.push(user.name || user.username || '');
  }
  if (isCurrentUserIn) names.unshift(AWARD_CURRENT_USER_LABEL);
  const shown = Math.max(1, Math.floor(limit));
  if (names.length <= shown) return joinNames(names);
  const others = names.length - shown;
  return `${names.slice(0, shown).join(', ')} and ${others} ${others === 1 ? 'other' : 'others'}`;
}

/**
 * Accessible name of an award button: the emoji name (underscores read as spaces) and the count
 * as shown, e.g. 'thumbsup 3', 'slight smile 1'. The emoji itself is hidden from assistive
 * technology: its glyph would be read differently by every screen reader, or not at all.
 */
export function awardButtonLabel(name: string, countText: string): string {
  return `${name.replace(/_/g, ' ')} ${countText}`;
}

/**
 * The awards as they look after the current user's pending or just-confirmed changes (`changes`:
 * emoji name to whether the current user's award should be there). Adding appends an award at the
 * end (a new emoji comes last); removing drops the user's award of that emoji.
 */
export function applyAwardChanges(
  awards: readonly Award[],
  changes: ReadonlyMap<string, boolean>,
  currentUserId: AwardUserId | null | undefined,
): readonly Award[] {
  if (changes.size === 0 || currentUserId === null || currentUserId === undefined) return awards;
  const result = awards.filter(
    (award) => !(isSameUser(award.user.id, currentUserId) && changes.get(award.name) === false),
  );
  for (const [name, awarded] of changes) {
    if (!awarded) continue;
    if (result.some((award) => award.name === name && isSameUser(award.user.id, currentUserId))) continue;
    result.push({ name, user: { id: currentUserId, name: AWARD_CURRENT_USER_LABEL } });
  }
  return result;
}
