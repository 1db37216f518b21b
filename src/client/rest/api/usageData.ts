/**
 * Usage data (spec section 7: increment_counter, increment_unique_users, track_event). Unique-user
 * counting and internal events send nothing without a signed-in user (spec section 6): they then
 * resolve with `undefined`.
 */
import { isSignedIn } from '../../config';
import type { RestResponse } from '../request';
import type { InternalEventInput } from '../types';
import { api, clientOf, type ApiOptions } from './shared';

/** POST usage_data/increment_counter (`event`). */
export function incrementUsageCounter(event: string, options?: ApiOptions): Promise<RestResponse<unknown>> {
  return clientOf(options).post(api`/usage_data/increment_counter`, { event }, options);
}

/** POST usage_data/increment_unique_users (`event`); nothing without a signed-in user. */
export async function incrementUniqueUsers(
  event: string,
  options?: ApiOptions,
): Promise<RestResponse<unknown> | undefined> {
  const client = clientOf(options);
  if (!isSignedIn(client.pageConfig())) return undefined;
  return client.post(api`/usage_data/increment_unique_users`, { event }, options);
}

/** POST usage_data/track_event (`event`, `project_id`, `namespace_id`, `additional_properties`); nothing without a signed-in user. */
export async function sendUsageEvent(
  input: InternalEventInput,
  options?: ApiOptions,
): Promise<RestResponse<unknown> | undefined> {
  const client = clientOf(options);
  if (!isSignedIn(client.pageConfig())) return undefined;
  return client.post(api`/usage_data/track_event`, input, options);
}
