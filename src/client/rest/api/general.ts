/** Calls whose path comes from the page (spec section 7, "General" and the callout dismissal). */
import type { RestResponse } from '../request';
import type { BroadcastMessageDismissalInput, CalloutDismissalInput } from '../types';
import { clientOf, type ApiOptions } from './shared';

/** POST {dismissal path} with `broadcast_message_id` and `expires_at`. */
export function dismissBroadcastMessage(
  dismissalPath: string,
  payload: BroadcastMessageDismissalInput,
  options?: ApiOptions,
): Promise<RestResponse<unknown>> {
  return clientOf(options).post(dismissalPath, payload, options);
}

/**
 * POST to a callout dismissal endpoint with `feature_name` and, when known, `group_id`,
 * `namespace_id`, `project_id` (a follow link sends only `feature_name`).
 */
export function dismissCallout(
  endpoint: string,
  payload: CalloutDismissalInput,
  options?: ApiOptions,
): Promise<RestResponse<unknown>> {
  return clientOf(options).post(endpoint, payload, options);
}

/** GET a request-details path with `request_id` (the performance bar's view of one request). */
export function getRequestDetails<T = unknown>(
  detailsPath: string,
  requestId: string,
  options?: ApiOptions,
): Promise<RestResponse<T>> {
  return clientOf(options).get(detailsPath, { ...options, params: { request_id: requestId } });
}
