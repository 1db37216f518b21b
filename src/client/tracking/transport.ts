/**
 * The one place the tracking part sends HTTP: a JSON POST under `{root}/api/{version}`, with the
 * product's headers (spec section 7: CSRF token, `X-Requested-With`, same-origin credentials).
 * A network failure rejects with the fetch `TypeError`; an HTTP error with `TrackingHttpError`.
 */
import { getPageConfig, withRelativeRoot } from '../config';

/** The server answered a tracking call with an error status (the call is not retried). */
export class TrackingHttpError extends Error {
  override name = 'TrackingHttpError';
  constructor(readonly status: number) {
    super(`Request failed with status code ${status}`);
  }
}

/** POSTs `body` as JSON to the API path `path` (e.g. `/usage_data/track_event`). */
export async function postToApi(path: string, body: unknown): Promise<void> {
  const config = getPageConfig();
  const response = await fetch(withRelativeRoot(`/api/${config.apiVersion}${path}`, config), {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      ...(config.csrfToken ? { 'X-CSRF-Token': config.csrfToken } : {}),
    },
    body: JSON.stringify(body),
  });
  await response.text(); // read to the end, which also releases the connection
  if (!response.ok) throw new TrackingHttpError(response.status);
}
