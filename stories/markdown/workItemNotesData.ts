// Work item activity as the product's GraphQL answers it (stories, tests and the notes bench).
import type { WorkItemDiscussion, WorkItemNote, WorkItemNotesUser } from '../../src/markdown/WorkItemNotes';

const HOUR_MS = 3_600_000;

export const NOTES_USERS = {
  ada: { id: 1, username: 'ada', name: 'Ada Lovelace', webUrl: '/ada', avatarUrl: null },
  grace: { id: 2, username: 'grace', name: 'Grace Hopper', webUrl: '/grace', avatarUrl: null },
  linus: { id: 3, username: 'linus', name: 'Linus Torvalds', webUrl: '/linus', avatarUrl: null },
} satisfies Record<string, WorkItemNotesUser>;

/** The signed-in user of the stories: Ada. */
export const NOTES_CURRENT_USER: WorkItemNotesUser = NOTES_USERS.ada;

const BODIES: readonly [readonly [string, string], ...(readonly [string, string])[]] = [
  ['Thanks! I can reproduce this on **main**.', '<p>Thanks! I can reproduce this on <strong>main</strong>.</p>'],
  [
    'The fix is in `parseRef`:\n\n- trim the input\n- reject `..`',
    '<p>The fix is in <code>parseRef</code>:</p>\n<ul>\n<li>trim the input</li>\n<li>reject <code>..</code></li>\n</ul>',
  ],
  ['Should we backport this to 16.11?', '<p>Should we backport this to 16.11?</p>'],
  [
    '> It fails only with a trailing slash.\n\nConfirmed.',
    '<blockquote>\n<p>It fails only with a trailing slash.</p>\n</blockquote>\n<p>Confirmed.</p>',
  ],
];

const HISTORY: readonly [readonly [string, string], ...(readonly [string, string])[]] = [
  ['label', '<p>added <span class="gl-label">bug</span> label</p>'],
  ['pencil', '<p>changed the description</p>'],
  ['milestone', '<p>changed milestone to %16.11</p>'],
  ['assignee', '<p>assigned to @grace</p>'],
];

const AUTHORS = [NOTES_USERS.ada, NOTES_USERS.grace, NOTES_USERS.linus] as const;

/** `list[index]` wrapped around (fixture variety from one index). */
function pick<T>(list: readonly [T, ...T[]], index: number): T {
  return list[index % list.length] ?? list[0];
}

let nextId = 1;
/** A comment by `author`, `hoursAgo` hours old; Ada's own notes may be edited and deleted. */
export function commentNote(
  author: WorkItemNotesUser,
  hoursAgo: number,
  variant = 0,
  extra: Partial<WorkItemNote> = {},
): WorkItemNote {
  const [body, bodyHtml] = pick(BODIES, variant);
  const id = extra.id ?? nextId++;
  return {
    id,
    body,
    bodyHtml,
    author,
    createdAt: new Date(Date.now() - hoursAgo * HOUR_MS).toISOString(),
    userPermissions: {
      adminNote: author.id === NOTES_CURRENT_USER.id,
      awardEmoji: true,
      createNote: true,
      resolveNote: true,
    },
    ...extra,
  };
}

/** A history entry (system note). */
export function systemNote(author: WorkItemNotesUser, hoursAgo: number, variant = 0): WorkItemNote {
  const [icon, bodyHtml] = pick(HISTORY, variant);
  return {
    id: nextId++,
    body: '',
    bodyHtml,
    author,
    createdAt: new Date(Date.now() - hoursAgo * HOUR_MS).toISOString(),
    system: true,
    systemNoteIconName: icon,
  };
}

/** A small activity with every kind of entry: history, a thread with replies, an internal note, a resolved thread. */
export function sampleDiscussions(): WorkItemDiscussion[] {
  return [
    { id: 'd-history-1', notes: [systemNote(NOTES_USERS.grace, 50, 0)] },
    {
      id: 'd-thread',
      resolvable: true,
      resolved: false,
      notes: [
        commentNote(NOTES_USERS.grace, 48, 0, {
          awardEmoji: [{ name: 'thumbsup', user: { id: 3, name: 'Linus Torvalds', username: 'linus' } }],
        }),
        commentNote(NOTES_USERS.ada, 47, 1, {
          lastEditedAt: new Date(Date.now() - 46 * HOUR_MS).toISOString(),
          lastEditedBy: { name: 'Ada Lovelace', webUrl: '/ada' },
        }),
        commentNote(NOTES_USERS.linus, 45, 2),
      ],
    },
    { id: 'd-history-2', notes: [systemNote(NOTES_USERS.ada, 30, 1)] },
    { id: 'd-internal', notes: [commentNote(NOTES_USERS.ada, 20, 2, { internal: true })] },
    {
      id: 'd-resolved',
      resolvable: true,
      resolved: true,
      resolvedBy: { name: 'Grace Hopper', webUrl: '/grace' },
      notes: [commentNote(NOTES_USERS.linus, 10, 3), commentNote(NOTES_USERS.grace, 9, 0)],
    },
  ];
}

/**
 * A long activity of `noteCount` notes, deterministic: every fourth thread is a history entry,
 * every fifth comment thread has three replies, every seventh note is internal.
 */
export function longDiscussions(noteCount: number): WorkItemDiscussion[] {
  const discussions: WorkItemDiscussion[] = [];
  let notes = 0;
  for (let index = 0; notes < noteCount; index += 1) {
    const hoursAgo = noteCount - notes;
    if (index % 4 === 3) {
      discussions.push({ id: `d${index}`, notes: [systemNote(pick(AUTHORS, index), hoursAgo, index)] });
      notes += 1;
      continue;
    }
    const size = index % 5 === 0 ? Math.min(4, noteCount - notes) : 1;
    const thread = Array.from({ length: size }, (_, reply) =>
      commentNote(pick(AUTHORS, index + reply), hoursAgo - reply, index + reply, {
        internal: (notes + reply) % 7 === 6,
      }),
    );
    discussions.push({ id: `d${index}`, resolvable: size > 1, resolved: false, notes: thread });
    notes += size;
  }
  return discussions;
}
