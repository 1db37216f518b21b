/** Alert metric images (spec sections 3 and 7): an alert is `alertIid` within a project. */
import type { RestResponse } from '../request';
import type { AlertMetricImage, EntityId } from '../types';
import { api, clientOf, type ApiOptions } from './shared';

/** The optional link of a metric image. */
export interface MetricImageLink {
  url?: string;
  url_text?: string;
}

function appendLink(form: FormData, link: MetricImageLink): void {
  if (link.url !== undefined) form.append('url', link.url);
  if (link.url_text !== undefined) form.append('url_text', link.url_text);
}

/** GET projects/{id}/alert_management_alerts/{alert_iid}/metric_images. */
export function listAlertMetricImages(
  projectId: EntityId,
  alertIid: number,
  options?: ApiOptions,
): Promise<RestResponse<AlertMetricImage[]>> {
  return clientOf(options).get(api`/projects/${projectId}/alert_management_alerts/${alertIid}/metric_images`, options);
}

/** POST .../metric_images as multipart: `file`, optional `url` and `url_text`. */
export function uploadAlertMetricImage(
  projectId: EntityId,
  alertIid: number,
  file: Blob,
  link: MetricImageLink = {},
  options?: ApiOptions,
): Promise<RestResponse<AlertMetricImage>> {
  const form = new FormData();
  form.append('file', file);
  appendLink(form, link);
  return clientOf(options).post(
    api`/projects/${projectId}/alert_management_alerts/${alertIid}/metric_images`,
    form,
    options,
  );
}

/** PUT .../metric_images/{image_id}, the optional `url` and `url_text` as a form. */
export function updateAlertMetricImage(
  projectId: EntityId,
  alertIid: number,
  imageId: number,
  link: MetricImageLink,
  options?: ApiOptions,
): Promise<RestResponse<AlertMetricImage>> {
  const form = new FormData();
  appendLink(form, link);
  return clientOf(options).put(
    api`/projects/${projectId}/alert_management_alerts/${alertIid}/metric_images/${imageId}`,
    form,
    options,
  );
}

/** DELETE .../metric_images/{image_id}. */
export function deleteAlertMetricImage(
  projectId: EntityId,
  alertIid: number,
  imageId: number,
  options?: ApiOptions,
): Promise<RestResponse<null>> {
  return clientOf(options).delete(
    api`/projects/${projectId}/alert_management_alerts/${alertIid}/metric_images/${imageId}`,
    options,
  );
}
