/**
 * GitLab's quick actions as the Markdown preview explains them (`QuickActions::InterpretService
 * #explain`): the command lines are taken out of the text and each becomes a sentence in GitLab's
 * wording. Only explained here; applying them belongs to the write paths.
 */

/** A command line: `/name` and its argument, alone on its line (outside code blocks). */
const COMMAND_LINE = /^\/([a-z_]+)(?:[ \t]+(.*?))?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

function plural(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}

function references(argument: string, sigil: string): string[] {
  return argument.split(/\s+/).filter((word) => word.startsWith(sigil));
}

/** Explanations of the known commands (argument → sentence; null: not a valid use). */
const EXPLAIN: Record<string, (argument: string) => string | null> = {
  close: () => 'Closes this issue.',
  reopen: () => 'Reopens this issue.',
  title: (argument) => (argument ? `Changes the title to "${argument}".` : null),
  label: (argument) => {
    const labels = references(argument, '~');
    return labels.length ? `Adds ${labels.join(' ')} ${plural(labels.length, 'label', 'labels')}.` : null;
  },
  unlabel: (argument) => {
    const labels = references(argument, '~');
    return labels.length
      ? `Removes ${labels.join(' ')} ${plural(labels.length, 'label', 'labels')}.`
      : 'Removes all labels.';
  },
  assign: (argument) => {
    const users = references(argument, '@');
    return users.length ? `Assigns ${users.join(', ')}.` : null;
  },
  unassign: (argument) => {
    const users = references(argument, '@');
    return users.length
      ? `Removes ${plural(users.length, 'assignee', 'assignees')} ${users.join(', ')}.`
      : 'Removes all assignees.';
  },
  milestone: (argument) => (argument.startsWith('%') ? `Sets the milestone to ${argument}.` : null),
  remove_milestone: () => 'Removes the milestone.',
  confidential: () => 'Makes this issue confidential.',
  lock: () => 'Locks the discussion.',
  unlock: () => 'Unlocks the discussion.',
  due: (argument) => (argument ? `Sets the due date to ${argument}.` : null),
  remove_due_date: () => 'Removes the due date.',
  award: (argument) => (/^:[\w+-]+:$/.test(argument) ? `Toggles ${argument} emoji award.` : null),
};

/** The text without its quick action lines, and the explanation of each command. */
export function explainQuickActions(text: string): { text: string; commands: string[] } {
  const kept: string[] = [];
  const commands: string[] = [];
  let fence: string | null = null;
  for (const line of text.split('\n')) {
    const marker = FENCE.exec(line)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) fence = fence === null ? marker : null;
    const command = fence === null ? COMMAND_LINE.exec(line) : null;
    const explanation = command ? EXPLAIN[command[1]!]?.(command[2] ?? '') : undefined;
    if (explanation) commands.push(explanation);
    else if (!(command && command[1]! in EXPLAIN)) kept.push(line);
  }
  return { text: kept.join('\n'), commands };
}
