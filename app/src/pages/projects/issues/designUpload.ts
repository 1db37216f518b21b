/**
 * Design upload from a work item's page (GitLab's `designManagementUpload`), loaded on demand by
 * the designs widget: a multipart request as the GraphQL multipart request spec has it.
 */
import { restClient } from 'forgekit/client';
import { GRAPHQL_PATH, GraphqlError } from '../../../graphql.ts';

/** GitLab's design upload, sent as a multipart request. */
export const UPLOAD_DESIGNS = `mutation uploadDesigns($input: DesignManagementUploadInput!) {
  designManagementUpload(input: $input) { errors designs { id filename } }
}`;

/**
 * Uploads designs as the GraphQL multipart request spec has it (the `operations` with a `null`
 * per file, the `map` from each file part to its variable, then the files), as GitLab's client does.
 */
export async function uploadDesigns(projectPath: string, iid: string, files: readonly File[]): Promise<void> {
  const form = new FormData();
  const input = { projectPath, iid, files: files.map(() => null) };
  form.set('operations', JSON.stringify({ query: UPLOAD_DESIGNS, variables: { input } }));
  form.set('map', JSON.stringify(Object.fromEntries(files.map((_, i) => [i, [`variables.input.files.${i}`]]))));
  files.forEach((file, i) => form.set(String(i), file, file.name));
  const { data } = await restClient.post<{
    data?: { designManagementUpload: { errors: string[] } | null } | null;
    errors?: { message: string }[];
  }>(GRAPHQL_PATH, form);
  const error = data.errors?.[0]?.message ?? data.data?.designManagementUpload?.errors[0];
  if (error || !data.data?.designManagementUpload) throw new GraphqlError(error ?? 'Server response was missing data');
}
