/** What every typed API function shares: its options and how it builds paths. */
import { API_VERSION_PLACEHOLDER, restClient, type RestClient, type RestRequestOptions } from '../request';

/** Options of a typed API function: the request's options plus the client to send with. */
export interface ApiOptions extends RestRequestOptions {
  /** The client to send with (server rendering, tests, another origin). @default restClient */
  client?: RestClient;
}

/** Page size the product asks for when the caller gives none (spec section 9: "Default page size 20"). */
export const DEFAULT_PER_PAGE = 20;

/** `page` and `per_page`, the offset pagination parameters of GitLab's lists. */
export interface PageParams {
  page?: number;
  per_page?: number;
}

/** The client a call uses. */
export const clientOf = (options: ApiOptions | undefined): RestClient => options?.client ?? restClient;

/** A path segment, URL-encoded (project paths become `group%2Fproject`, file paths keep no slash). */
export type PathValue = string | number;

const encode = (value: PathValue) => encodeURIComponent(String(value));

/**
 * A REST API path with each interpolated value URL-encoded, under `/api/:version`:
 * ``api`/projects/${'g/p'}/issues` `` → `/api/:version/projects/g%2Fp/issues` (the client puts in
 * the page's API version and relative root).
 */
export function api(strings: TemplateStringsArray, ...values: PathValue[]): string {
  return `/api/${API_VERSION_PLACEHOLDER}${path(strings, ...values)}`;
}

/** A product path (outside the API) with each interpolated value URL-encoded. */
export function path(strings: TemplateStringsArray, ...values: PathValue[]): string {
  return strings.reduce((out, text, index) => `${out}${encode(values[index - 1] ?? '')}${text}`);
}
