/** Markdown rendering (spec section 7, "REST, other"). */
import type { RestResponse } from '../request';
import type { MarkdownInput, MarkdownPreviewResponse, MarkdownResult } from '../types';
import { api, clientOf, type ApiOptions } from './shared';

/** POST markdown (`text`, optional `gfm` and `project`): `{ html }`. */
export function renderMarkdown(input: MarkdownInput, options?: ApiOptions): Promise<RestResponse<MarkdownResult>> {
  return clientOf(options).post(api`/markdown`, input, options);
}

/** POST `{ text }` to a preview URL from the page: `{ body, references }`. */
export function previewMarkdown(
  previewUrl: string,
  text: string,
  options?: ApiOptions,
): Promise<RestResponse<MarkdownPreviewResponse>> {
  return clientOf(options).post(previewUrl, { text }, options);
}
