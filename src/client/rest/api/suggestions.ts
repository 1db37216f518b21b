/** Applying merge request suggestions (spec sections 3 and 7). */
import type { RestResponse } from '../request';
import type { Suggestion } from '../types';
import { api, clientOf, type ApiOptions } from './shared';

/** PUT suggestions/{id}/apply (`commit_message` optional). */
export function applySuggestion(
  id: number,
  commitMessage?: string,
  options?: ApiOptions,
): Promise<RestResponse<Suggestion>> {
  return clientOf(options).put(api`/suggestions/${id}/apply`, { commit_message: commitMessage }, options);
}

/** PUT suggestions/batch_apply (`ids`, `commit_message` optional). */
export function applySuggestions(
  ids: readonly number[],
  commitMessage?: string,
  options?: ApiOptions,
): Promise<RestResponse<Suggestion[]>> {
  return clientOf(options).put(api`/suggestions/batch_apply`, { ids, commit_message: commitMessage }, options);
}
