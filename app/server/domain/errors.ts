/** A model validation failure: GitLab answers it with 400 `{"message":{"field":["msg"]}}`. */
export class ValidationError extends Error {
  constructor(readonly errors: Record<string, string[]>) {
    super(
      Object.entries(errors)
        .map(([field, messages]) => `${field} ${messages.join(', ')}`)
        .join('; '),
    );
    this.name = 'ValidationError';
  }
}

/** GitLab's message for a taken unique value. */
export const TAKEN = 'has already been taken';
/** GitLab's message for a required value left empty. */
export const BLANK = "can't be blank";

/** PostgreSQL's SQLSTATE for a unique violation (both drivers expose `code`). */
const UNIQUE_VIOLATION = '23505';

/** True when `error` is a unique-index violation (a race lost against a concurrent insert). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
}

/**
 * GitLab's answer to an edit made on a stale copy (`ActiveRecord::StaleObjectError` in
 * `IssuableActions#render_conflict_response`), for the model's human name (`issue`, `work item`).
 */
export function staleObjectMessage(humanName: string): string {
  return `Someone edited this ${humanName} at the same time you did. Please refresh your browser and make sure your changes will not unintentionally remove theirs.`;
}

/** An update refused because the row's lock version moved on since the editor read it. */
export class StaleObjectError extends Error {
  constructor(readonly humanName: string) {
    super(staleObjectMessage(humanName));
    this.name = 'StaleObjectError';
  }
}
