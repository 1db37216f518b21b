/**
 * Captcha retry (spec sections 4 and 7): a PATCH, POST or PUT refused with
 * `needs_captcha_response` waits for the captcha to be solved, then is sent once more with the
 * original body plus `X-GitLab-Captcha-Response` and `X-GitLab-Spam-Log-Id`.
 *
 * The client sits below the components, so it does not open the `CaptchaModal` itself: it asks a
 * solver. `forgekit` exports the modal's (`captchaModalSolver`, which loads the modal on the first
 * captcha): the page wires it once with `setCaptchaSolver(captchaModalSolver)`, or gives a client
 * its own (`createRestClient({ captchaSolver })`).
 */

/** The write methods that may be refused for a captcha. */
export const CAPTCHA_METHODS: readonly string[] = ['PATCH', 'POST', 'PUT'];
/** Header carrying the solved captcha on the repeated request. */
export const CAPTCHA_RESPONSE_HEADER = 'X-GitLab-Captcha-Response';
/** Header carrying the server's spam log id on the repeated request. */
export const SPAM_LOG_ID_HEADER = 'X-GitLab-Spam-Log-Id';
/** Raised when a request needs a captcha and no solver is set. */
export const NO_CAPTCHA_SOLVER_MESSAGE =
  'forgekit/client: a captcha is needed but no solver is set: call setCaptchaSolver(captchaModalSolver).';

/** The server's challenge (spec section 3: needs_captcha_response, captcha_site_key, spam_log_id). */
export interface CaptchaChallengeResponse {
  needs_captcha_response: boolean;
  captcha_site_key: string;
  spam_log_id: number | string;
}

/** What a solver is asked to solve. */
export interface CaptchaChallenge {
  /** The site key of the captcha widget (`captcha_site_key`). */
  siteKey: string;
  /** The server's spam log id (`spam_log_id`), sent back with the answer. */
  spamLogId: number | string;
  /** The request's signal: aborting it should close the captcha. */
  signal?: AbortSignal;
}

/**
 * Shows a captcha and resolves with its response token; rejects when the user gives up (the
 * default rejects with `UnsolvedCaptchaError` when the modal is closed).
 */
export type CaptchaSolver = (challenge: CaptchaChallenge) => Promise<string>;

let defaultSolver: CaptchaSolver | undefined;

/** Sets the solver used by clients created without one; `undefined` removes it. */
export function setCaptchaSolver(solver: CaptchaSolver | undefined): void {
  defaultSolver = solver;
}

/** The solver set with `setCaptchaSolver`, if any. */
export function getCaptchaSolver(): CaptchaSolver | undefined {
  return defaultSolver;
}

/** Whether a refused request's body is a captcha challenge. */
export function isCaptchaChallenge(body: unknown): body is CaptchaChallengeResponse {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as Partial<CaptchaChallengeResponse>).needs_captcha_response === true &&
    typeof (body as Partial<CaptchaChallengeResponse>).captcha_site_key === 'string'
  );
}
