// Without a DOM (server rendering, Node scripts) the enhancers and the quick-submit wording are safe
// to import and call: they do nothing.
import {
  initDisableOnSubmit,
  initFormValidation,
  initForms,
  initQuickSubmit,
  initRequiresInput,
  quickSubmitHint,
  QUICK_SUBMIT_HINT,
} from '../src/components/Form';

describe('Form enhancers without a DOM', () => {
  it('has no document here', () => {
    expect(typeof document).toBe('undefined');
  });

  it('returns a no-op cleanup from initForms', () => {
    const cleanup = initForms();
    expect(typeof cleanup).toBe('function');
    expect(() => cleanup()).not.toThrow();
  });

  it.each([initFormValidation, initRequiresInput, initQuickSubmit, initDisableOnSubmit])(
    '%o ignores a missing form',
    (init) => {
      const cleanup = init(undefined as unknown as HTMLFormElement);
      expect(() => cleanup()).not.toThrow();
    },
  );

  it('words the hint from the platform it finds', () => {
    expect([QUICK_SUBMIT_HINT.default, QUICK_SUBMIT_HINT.apple]).toContain(quickSubmitHint());
  });
});
