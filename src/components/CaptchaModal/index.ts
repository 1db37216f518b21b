export {
  CaptchaModal,
  CaptchaProviderContext,
  setCaptchaProvider,
  waitForCaptchaToBeSolved,
  UnsolvedCaptchaError,
  CAPTCHA_MODAL_TEXTS,
  UNSOLVED_CAPTCHA_MESSAGE,
  NO_CAPTCHA_PROVIDER_MESSAGE,
  type CaptchaModalProps,
  type CaptchaProvider,
  type CaptchaProviderSource,
  type CaptchaRenderOptions,
  type WaitForCaptchaOptions,
} from './CaptchaModal';
export { captchaModalSolver } from './captchaModalSolver';
