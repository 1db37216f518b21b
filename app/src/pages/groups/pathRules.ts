/**
 * GitLab's rules for the names and paths of groups and projects (`Gitlab::Regex`,
 * `Gitlab::PathRegex`), checked live in the new group and new project forms. The server checks
 * the same path rule (app/server/domain/paths.ts) and answers with the same message.
 */

/** GitLab's message for a path that breaks the rule. */
export const PATH_FORMAT_MESSAGE =
  "can contain only letters, digits, '_', '-' and '.'. Cannot start with '-', end in '.git' or end in '.atom'";
/** Longest name or path GitLab accepts. */
export const MAX_PATH_LENGTH = 255;

/** The forms' messages (GitLab's). */
export const NAME_PATH_MESSAGES = {
  pathFormat: `Path ${PATH_FORMAT_MESSAGE}`,
  pathEndsWithDot: "Path can't end with a period",
  tooLong: `is too long (maximum is ${MAX_PATH_LENGTH} characters)`,
  projectName:
    "Name can contain only letters, digits, emoji, '_', '.', '+', dashes, or spaces. It must start with a letter, digit, emoji, or '_'.",
  groupName:
    'Name can contain only letters, digits, emoji, underscores, dashes, spaces, periods, and parentheses. It cannot start with a non-alphanumeric character except for periods and underscores.',
} as const;

const PATH = /^[a-zA-Z0-9_.][a-zA-Z0-9_.-]*$/;
const FORBIDDEN_ENDING = /\.(git|atom)$/;
const PROJECT_NAME = /^[\p{L}\p{N}\p{Extended_Pictographic}_][\p{L}\p{N}\p{Extended_Pictographic}\p{M}_.+\- ]*$/u;
const GROUP_NAME = /^[\p{L}\p{N}\p{Extended_Pictographic}_.][\p{L}\p{N}\p{Extended_Pictographic}\p{M}_.\-() ]*$/u;

/** `''` when `path` is a valid group or project path, else the message to show (an empty path is `required`'s). */
export function validatePath(path: string): string {
  if (!path) return '';
  if (path.length > MAX_PATH_LENGTH) return `Path ${NAME_PATH_MESSAGES.tooLong}`;
  if (!PATH.test(path) || FORBIDDEN_ENDING.test(path)) return NAME_PATH_MESSAGES.pathFormat;
  if (path.endsWith('.')) return NAME_PATH_MESSAGES.pathEndsWithDot;
  return '';
}

function nameRule(pattern: RegExp, message: string) {
  return (name: string): string => {
    if (!name) return '';
    if ([...name].length > MAX_PATH_LENGTH) return `Name ${NAME_PATH_MESSAGES.tooLong}`;
    return pattern.test(name) ? '' : message;
  };
}

/** `''` when `name` is a valid project name, else GitLab's message. */
export const validateProjectName = nameRule(PROJECT_NAME, NAME_PATH_MESSAGES.projectName);
/** `''` when `name` is a valid group name, else GitLab's message. */
export const validateGroupName = nameRule(GROUP_NAME, NAME_PATH_MESSAGES.groupName);

/** The path GitLab derives from a name as the user types it ("My Project" → "my-project"). */
export function pathFromName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_.]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
}
