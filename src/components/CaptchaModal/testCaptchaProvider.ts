import type { CaptchaProvider, CaptchaRenderOptions } from './CaptchaModal';

/** The response token the test provider gives. */
export const TEST_CAPTCHA_RESPONSE = 'test-captcha-response';

/**
 * A stand-in captcha for stories and tests (not exported from the package): an 'I am not a
 * robot' checkbox; checking it solves the captcha with `TEST_CAPTCHA_RESPONSE`. `rendered`
 * records every call to `render`.
 */
export function createTestCaptchaProvider(): CaptchaProvider & {
  rendered: { container: HTMLElement; options: CaptchaRenderOptions }[];
} {
  const rendered: { container: HTMLElement; options: CaptchaRenderOptions }[] = [];
  return {
    rendered,
    render(container, options) {
      rendered.push({ container, options });
      const label = document.createElement('label');
      label.className = 'fk-test-captcha';
      const checkbox = document.createElement('input');
      checkbox.type = 'checkbox';
      checkbox.addEventListener('change', () => {
        if (checkbox.checked) options.callback(TEST_CAPTCHA_RESPONSE);
      });
      label.append(checkbox, ' I am not a robot');
      container.append(label);
      return rendered.length - 1;
    },
  };
}
