/** Bulk (group and project) imports (spec sections 3 and 7). */
import type { QueryParams, RestResponse } from '../request';
import type { BulkImportEntity, BulkImportFailure } from '../types';
import { api, clientOf, type ApiOptions, type PageParams } from './shared';

/** GET bulk_imports/{id}/entities. */
export function listBulkImportEntities(
  importId: number,
  params: PageParams & QueryParams = {},
  options?: ApiOptions,
): Promise<RestResponse<BulkImportEntity[]>> {
  return clientOf(options).get(api`/bulk_imports/${importId}/entities`, { ...options, params });
}

/** GET bulk_imports/entities: the entities of every import of the user. */
export function listAllBulkImportEntities(
  params: PageParams & QueryParams = {},
  options?: ApiOptions,
): Promise<RestResponse<BulkImportEntity[]>> {
  return clientOf(options).get(api`/bulk_imports/entities`, { ...options, params });
}

/** GET bulk_imports/{id}/entities/{entity_id}/failures (`page`, `per_page`). */
export function listBulkImportEntityFailures(
  importId: number,
  entityId: number,
  params: PageParams = {},
  options?: ApiOptions,
): Promise<RestResponse<BulkImportFailure[]>> {
  return clientOf(options).get(api`/bulk_imports/${importId}/entities/${entityId}/failures`, {
    ...options,
    params: { ...params },
  });
}
