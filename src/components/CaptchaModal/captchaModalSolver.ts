import type { CaptchaSolver } from '../../client/rest/captcha';
import { waitForCaptchaToBeSolved } from './CaptchaModal';

/**
 * The REST client's captcha solver backed by this modal: wire it once with
 * `setCaptchaSolver(captchaModalSolver)` (from `forgekit/client`), and a write request refused
 * with `needs_captcha_response` opens the `CaptchaModal`, waits for it, and is sent again. Closing
 * the modal rejects the request with `UnsolvedCaptchaError`.
 *
 * The modal is imported statically on purpose: a dynamic `import()` of a module that the package's
 * static graph also holds makes esbuild wrap the shared modules (Modal among them) in lazy
 * initialisers in every consumer's bundle, which cost `import { Modal }` about 600 bytes. A page
 * that wants the modal's code later can pass `(challenge) => import('forgekit').then((m) =>
 * m.captchaModalSolver(challenge))` instead.
 */
export const captchaModalSolver: CaptchaSolver = ({ siteKey, signal }) => waitForCaptchaToBeSolved(siteKey, { signal });
