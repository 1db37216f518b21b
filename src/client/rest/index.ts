// forgekit/client, REST part: the fetch-based client, its errors, page info, captcha hook and
// startup calls, the typed API functions of spec section 7 and GitLab's entity types.
export {
  createRestClient,
  restClient,
  serializeParams,
  XSRF_COOKIE_NAME,
  DEFAULT_ACCEPT,
  API_VERSION_PLACEHOLDER,
  NO_BASE_URL_MESSAGE,
  type HttpMethod,
  type QueryParams,
  type QueryValue,
  type ResponseType,
  type RestClient,
  type RestClientOptions,
  type RestRequestOptions,
  type RestResponse,
} from './request';
export { HttpError, isHttpError, requestFailedMessage, NO_FETCHER_MESSAGE, type HttpErrorResponse } from './errors';
export { parsePageInfo, parsePaginationHeaders, toPageInfo, type PageInfo, type PaginationHeaders } from './pagination';
export {
  setCaptchaSolver,
  getCaptchaSolver,
  isCaptchaChallenge,
  CAPTCHA_METHODS,
  CAPTCHA_RESPONSE_HEADER,
  SPAM_LOG_ID_HEADER,
  NO_CAPTCHA_SOLVER_MESSAGE,
  type CaptchaChallenge,
  type CaptchaChallengeResponse,
  type CaptchaSolver,
} from './captcha';
export { startupCallKey, STARTUP_CALL_FAILED_MESSAGE } from './startupCalls';
export { api, path, DEFAULT_PER_PAGE, type ApiOptions, type PageParams, type PathValue } from './api/shared';
export * from './api/users';
export * from './api/general';
export * from './api/groups';
export * from './api/projects';
export * from './api/mergeRequests';
export * from './api/issues';
export * from './api/repository';
export * from './api/releases';
export * from './api/pipelines';
export * from './api/ci';
export * from './api/packages';
export * from './api/alerts';
export * from './api/markdown';
export * from './api/bulkImports';
export * from './api/admin';
export * from './api/suggestions';
export * from './api/usageData';
export * from './api/emoji';
export type * from './types';
