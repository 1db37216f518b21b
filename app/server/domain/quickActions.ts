/**
 * GitLab's quick actions as the Markdown preview explains them (`QuickActions::InterpretService
 * #explain`): the command lines are taken out of the text and each becomes a sentence in GitLab's
 * wording. Only explained here; applying them belongs to the write paths (the time tracking ones:
 * {@link timeTrackingCommands}).
 */
import { formatDuration, parseDuration } from 'forgekit';
import { SERVER_DURATION_FORMAT } from './workItemWidgets.ts';

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
  estimate: (argument) => (argument ? `Sets time estimate to ${argument}.` : null),
  remove_estimate: () => 'Removes time estimate.',
  spend: (argument) =>
    argument.startsWith('-')
      ? `Subtracts ${argument.slice(1)} spent time.`
      : argument
        ? `Adds ${argument} spent time.`
        : null,
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

/** The time tracking commands of a note, as `applyTimeTrackingCommands` runs them. */
export interface TimeTrackingCommands {
  /** The text without the command lines. */
  text: string;
  /** New estimate in seconds (0 removes it), when `/estimate` or `/remove_estimate` was given. */
  estimate?: number;
  /** Time spent to log (negative subtracts), with its day, in the order given. */
  spends: { seconds: number; spentAt?: Date }[];
  /** GitLab's messages of what will be done (`QuickActionsStatus.messages`). */
  messages: string[];
  commandNames: string[];
  /** Commands given wrongly (`Could not apply estimate command.`). */
  errorMessages: string[];
}

const SPEND_DATE = /^(.*?)(?:\s+(\d{4}-\d{2}-\d{2}))?$/;

/**
 * Takes `/estimate`, `/remove_estimate` and `/spend` out of a note (outside code blocks), with
 * GitLab's messages; other lines and commands are left as they are.
 */
export function timeTrackingCommands(text: string): TimeTrackingCommands {
  const result: TimeTrackingCommands = { text: '', spends: [], messages: [], commandNames: [], errorMessages: [] };
  const kept: string[] = [];
  let fence: string | null = null;
  for (const line of text.split('\n')) {
    const marker = FENCE.exec(line)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) fence = fence === null ? marker : null;
    const command = fence === null ? COMMAND_LINE.exec(line) : null;
    const name = command?.[1];
    const argument = command?.[2] ?? '';
    if (name === 'estimate') {
      const seconds = parseDuration(argument);
      if (seconds === null || seconds < 0) result.errorMessages.push('Could not apply estimate command.');
      else {
        result.estimate = seconds;
        result.messages.push(`Set time estimate to ${formatDuration(seconds, SERVER_DURATION_FORMAT)}.`);
      }
    } else if (name === 'remove_estimate') {
      result.estimate = 0;
      result.messages.push('Removed time estimate.');
    } else if (name === 'spend') {
      const [, duration, day] = SPEND_DATE.exec(argument)!;
      const seconds = parseDuration(duration!);
      if (seconds === null || seconds === 0) result.errorMessages.push('Could not apply spend command.');
      else {
        result.spends.push({ seconds, ...(day ? { spentAt: new Date(`${day}T00:00:00Z`) } : {}) });
        result.messages.push(
          `${seconds < 0 ? 'Subtracted' : 'Added'} ${formatDuration(Math.abs(seconds), SERVER_DURATION_FORMAT)} spent time.`,
        );
      }
    } else {
      kept.push(line);
      continue;
    }
    result.commandNames.push(name);
  }
  result.text = kept.join('\n').trim();
  return result;
}
