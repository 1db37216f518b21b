import clsx from 'clsx';
import { createContext, useContext, useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { useControllableState } from '../../hooks/useControllableState';
import { Modal, type ModalProps } from '../Modal/Modal';
import { renderInOwnRoot, useOpenUntilAborted } from '../Modal/ownRoot';

/** The texts of the captcha modal (GitLab's captcha modal). */
export const CAPTCHA_MODAL_TEXTS = {
  title: 'Please solve the captcha',
  body: 'We want to be sure it is you, please confirm you are not a robot.',
  cancel: 'Cancel',
} as const;

/** The message of `UnsolvedCaptchaError`. */
export const UNSOLVED_CAPTCHA_MESSAGE = 'You must solve the CAPTCHA in order to submit';

/** The error when no captcha provider has been set. */
export const NO_CAPTCHA_PROVIDER_MESSAGE =
  'No captcha provider: pass one to CaptchaModal (provider prop or CaptchaProviderContext) or call setCaptchaProvider().';

/** `waitForCaptchaToBeSolved` rejects with this when the modal closes without a solved captcha. */
export class UnsolvedCaptchaError extends Error {
  constructor(message: string = UNSOLVED_CAPTCHA_MESSAGE) {
    super(message);
    this.name = 'UnsolvedCaptchaError';
  }
}

/** What a captcha widget is given (reCAPTCHA's explicit-render parameters). */
export interface CaptchaRenderOptions {
  /** The site key from the server's challenge (`captcha_site_key`). */
  sitekey: string;
  /** Called with the response token once the challenge is solved. */
  callback: (response: string) => void;
  /** Called when a solved response has expired and must be solved again. */
  'expired-callback'?: () => void;
  /** Called when the widget cannot work (for example no network). */
  'error-callback'?: () => void;
}

/**
 * A captcha implementation: anything that renders a widget into a container. Google's
 * `grecaptcha` object fits as it is (`setCaptchaProvider(() => loadRecaptcha())`).
 */
export interface CaptchaProvider {
  render(container: HTMLElement, options: CaptchaRenderOptions): unknown;
}

/** A provider, or a function giving one (possibly after loading its script). */
export type CaptchaProviderSource = CaptchaProvider | (() => CaptchaProvider | Promise<CaptchaProvider>);

let defaultSource: CaptchaProviderSource | undefined;

/**
 * Sets the captcha provider used when none is passed (by `waitForCaptchaToBeSolved`, which runs
 * outside your React tree). Pass `undefined` to unset it.
 */
export function setCaptchaProvider(source: CaptchaProviderSource | undefined): void {
  defaultSource = source;
}

/** Gives every `CaptchaModal` below it a provider. */
export const CaptchaProviderContext = createContext<CaptchaProviderSource | undefined>(undefined);

async function resolveProvider(source: CaptchaProviderSource | undefined): Promise<CaptchaProvider> {
  const provider = typeof source === 'function' ? await source() : source;
  if (!provider || typeof provider.render !== 'function') throw new Error(NO_CAPTCHA_PROVIDER_MESSAGE);
  return provider;
}

interface CaptchaWidgetProps {
  siteKey: string;
  source: CaptchaProviderSource | undefined;
  onSolved: (response: string) => void;
  onError: (error: unknown) => void;
}

/**
 * Renders the provider's widget once mounted (that is, once the modal is open). Without a given
 * source it uses the one set with setCaptchaProvider at that moment.
 */
function CaptchaWidget({ siteKey, source: givenSource, onSolved, onError }: CaptchaWidgetProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [fallbackSource] = useState(() => defaultSource);
  const source = givenSource ?? fallbackSource;
  const solved = useEffectEvent((response: string) => onSolved(response));
  const failed = useEffectEvent((error: unknown) => onError(error));
  useEffect(() => {
    const container = ref.current;
    if (!container) return undefined;
    // A fresh element per run: a widget cannot be rendered twice into the same element.
    const host = document.createElement('div');
    container.append(host);
    let isCurrent = true;
    resolveProvider(source)
      .then((provider) => {
        if (!isCurrent) return;
        provider.render(host, {
          sitekey: siteKey,
          callback: (response) => {
            if (isCurrent) solved(response);
          },
        });
      })
      .catch((error: unknown) => {
        if (isCurrent) failed(error);
      });
    return () => {
      isCurrent = false;
      host.remove();
    };
  }, [siteKey, source]);
  return <div ref={ref} className="fk-captcha-modal__widget" data-component="CaptchaModal.Widget" />;
}

export interface CaptchaModalProps extends Omit<
  ModalProps,
  'title' | 'children' | 'actionPrimary' | 'actionSecondary' | 'actionCancel' | 'footer'
> {
  /** The site key from the server's challenge response (`captcha_site_key`). */
  siteKey: string;
  /** Called with the response token once the captcha is solved; the modal then closes. */
  onSolved: (response: string) => void;
  /**
   * Called when the provider cannot be loaded or rendered; the modal then closes.
   * @default undefined (the error is logged with console.error)
   */
  onError?: (error: unknown) => void;
  /** The captcha implementation. @default the CaptchaProviderContext value, else setCaptchaProvider's */
  provider?: CaptchaProviderSource;
  /** Extra content under the explanation. */
  children?: ReactNode;
}

/**
 * The modal that asks for a captcha when a write request was refused with
 * `needs_captcha_response` (spec section 4, "Captcha"). It renders the injected provider's widget;
 * solving it calls `onSolved` with the response and closes the modal. Closing it any other way
 * (Cancel, Escape, the close button, an outside click) leaves it unsolved.
 */
export function CaptchaModal({
  siteKey,
  onSolved,
  onError,
  provider,
  open,
  defaultOpen = false,
  onOpenChange,
  children,
  className,
  ...rest
}: CaptchaModalProps) {
  const contextSource = useContext(CaptchaProviderContext);
  const [isOpen, setOpen] = useControllableState({ value: open, defaultValue: defaultOpen, onChange: onOpenChange });
  return (
    <Modal
      {...rest}
      className={clsx('fk-captcha-modal', className)}
      open={isOpen}
      onOpenChange={setOpen}
      title={CAPTCHA_MODAL_TEXTS.title}
      actionCancel={{ text: CAPTCHA_MODAL_TEXTS.cancel }}
    >
      <CaptchaWidget
        siteKey={siteKey}
        source={provider ?? contextSource}
        onSolved={(response) => {
          onSolved(response);
          setOpen(false);
        }}
        onError={(error) => {
          if (onError) onError(error);
          else console.error('forgekit: the captcha could not be shown.', error);
          setOpen(false);
        }}
      />
      <p>{CAPTCHA_MODAL_TEXTS.body}</p>
      {children}
    </Modal>
  );
}

export interface WaitForCaptchaOptions {
  /** The captcha implementation. @default the one set with setCaptchaProvider */
  provider?: CaptchaProviderSource;
  /** Closes the modal when aborted; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
}

interface PromptProps {
  siteKey: string;
  options: WaitForCaptchaOptions;
  onSolved: (response: string) => void;
  onError: (error: unknown) => void;
  onClosed: () => void;
  onHidden: () => void;
}

/** The modal `waitForCaptchaToBeSolved` shows: open until solved, closed, failed or aborted. */
function CaptchaPrompt({ siteKey, options, onSolved, onError, onClosed, onHidden }: PromptProps) {
  const [open, setOpen] = useOpenUntilAborted(options.signal);
  return (
    <CaptchaModal
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) onClosed();
      }}
      siteKey={siteKey}
      provider={options.provider}
      onSolved={onSolved}
      onError={onError}
      onHidden={onHidden}
    />
  );
}

/**
 * Opens a `CaptchaModal` in its own React root and resolves with the captcha response once it is
 * solved; the paused request can then be repeated with the captcha headers (spec section 4). It
 * rejects with `UnsolvedCaptchaError` ('You must solve the CAPTCHA in order to submit') when the
 * modal is closed without solving, with the provider's error when the captcha cannot be shown,
 * with the signal's reason when `options.signal` aborts, and with a `TypeError` without a site
 * key. The root and its container are removed once the modal has closed.
 */
export function waitForCaptchaToBeSolved(siteKey: string, options: WaitForCaptchaOptions = {}): Promise<string> {
  if (typeof siteKey !== 'string' || !siteKey.trim()) {
    return Promise.reject(
      new TypeError(`waitForCaptchaToBeSolved needs the captcha site key; got ${JSON.stringify(siteKey)}.`),
    );
  }
  if (typeof document === 'undefined') {
    return Promise.reject(new Error('waitForCaptchaToBeSolved needs a browser DOM; it cannot run on a server.'));
  }
  return new Promise<string>((resolve, reject) => {
    const { signal } = options;
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
    };
    signal?.addEventListener('abort', () => settle(() => reject(signal.reason)), { once: true });
    renderInOwnRoot('data-fk-captcha-modal', (remove) => (
      <CaptchaPrompt
        siteKey={siteKey}
        options={options}
        onSolved={(response) => settle(() => resolve(response))}
        onError={(error) => settle(() => reject(error))}
        onClosed={() => settle(() => reject(new UnsolvedCaptchaError()))}
        onHidden={() => remove()}
      />
    ));
  });
}
