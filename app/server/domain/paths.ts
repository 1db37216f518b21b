/** Namespace and project path rules (GitLab's `Gitlab::PathRegex`, simplified). */
import { BLANK, ValidationError } from './errors.ts';

/** GitLab's message for an invalid path. */
export const PATH_FORMAT_MESSAGE =
  "can contain only letters, digits, '_', '-' and '.'. Cannot start with '-', end in '.git' or end in '.atom'";
const PATH = /^[a-zA-Z0-9_.][a-zA-Z0-9_.-]*$/;
const FORBIDDEN_ENDING = /\.(git|atom)$/;
/** Longest name or path GitLab accepts. */
export const MAX_PATH_LENGTH = 255;

/** Throws GitLab's validation error when `path` is not a valid path. */
export function assertValidPath(path: string, field = 'path'): void {
  if (!path) throw new ValidationError({ [field]: [BLANK] });
  if (path.length > MAX_PATH_LENGTH || !PATH.test(path) || FORBIDDEN_ENDING.test(path) || path.endsWith('.')) {
    throw new ValidationError({ [field]: [PATH_FORMAT_MESSAGE] });
  }
}

/** The path GitLab derives from a name when none is given ("New Proj" → "new-proj"). */
export function pathFromName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_.]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
}
