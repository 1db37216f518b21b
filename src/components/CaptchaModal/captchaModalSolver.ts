import type { CaptchaSolver } from '../../client/rest/captcha';

/**
 * The REST client's captcha solver backed by this modal: wire it once with
 * `setCaptchaSolver(captchaModalSolver)` (from `forgekit/client`), and a write request refused
 * with `needs_captcha_response` opens the `CaptchaModal`, waits for it, and is sent again. The
 * modal's code loads on the first captcha. Closing the modal rejects the request with
 * `UnsolvedCaptchaError`.
 */
export const captchaModalSolver: CaptchaSolver = ({ siteKey, signal }) =>
  import('./CaptchaModal').then(({ waitForCaptchaToBeSolved }) => waitForCaptchaToBeSolved(siteKey, { signal }));
