// Math: renders `code.js-render-math` blocks with KaTeX (loaded on demand), lazily and within the
// spec's limits (sections 4, 5, 8 and 9). Rendering starts MATH_RENDER_DELAY ms after the scan and
// handles one block per task, one task per frame (see afterNextFrame), so neither a script task
// nor a frame's style and layout grows long however many formulas a page holds.
//
// Each handled block gets a wrapper around its source:
//   <span|div class="fk-math" data-component="Math" data-math-style data-state="rendered|warning|error">
//     [<span|div class="fk-math__alert">  warning or error Alert]
//     [<span|div class="fk-math__output"> KaTeX output (HTML, plus MathML with the TeX annotation)]
//     <code class="js-render-math">tex</code>  (or its <pre>), hidden once rendered
//   </span|div>
// The source stays in the DOM (copying, a later run); the state on the wrapper makes a second run
// over the same DOM a no-op for rendered blocks and re-mount exactly one alert for the others.
import { MARKDOWN_HOOKS } from '../../render/constants';
import type { EnhancerContext, MarkdownEnhancer } from '../types';
import type { Island } from '../reactIsland';
import { mountMathAlert } from './mathAlert';
import {
  MATH_DISPLAY_ANYWAY_LABEL,
  MATH_MAX_CHARACTERS,
  MATH_RENDER_DELAY,
  MATH_RENDER_TIME_BUDGET,
  MATH_TIME_BUDGET_MESSAGE,
  MATH_TOO_LONG_MESSAGE,
} from './mathConstants';
import { loadKatex, mathErrorMessage, mathKatexOptions, type Katex } from './mathKatex';
import { afterNextFrame, wait } from './mathSchedule';
import './math.css';

export {
  MATH_DISPLAY_ANYWAY_LABEL,
  MATH_ERROR_MESSAGE,
  MATH_MAX_CHARACTERS,
  MATH_MAX_EXPAND,
  MATH_MAX_SIZE,
  MATH_RENDER_DELAY,
  MATH_RENDER_TIME_BUDGET,
  MATH_TIME_BUDGET_MESSAGE,
  MATH_TOO_LONG_MESSAGE,
  MATH_TOO_MANY_EXPANSIONS_MESSAGE,
  MATH_TRUSTED_COMMANDS,
  MATH_TRUSTED_PROTOCOLS,
} from './mathConstants';
export { isTrustedMath, mathErrorMessage, mathKatexOptions } from './mathKatex';

export type { MathOptions } from '../options';

/** What became of a block: `data-state` on its wrapper. */
export type MathState = 'rendered' | 'warning' | 'error';
/** Why a block was withheld: `data-warning` on its wrapper. */
export type MathWarning = 'too-long' | 'time-budget';

const WARNING_MESSAGES: Record<MathWarning, string> = {
  'too-long': MATH_TOO_LONG_MESSAGE,
  'time-budget': MATH_TIME_BUDGET_MESSAGE,
};

interface MathBlock {
  /** The `code.js-render-math` element. */
  code: HTMLElement;
  /** What shows as plain code: the `<pre>` of a block, the `<code>` itself when inline. */
  source: HTMLElement;
  style: 'inline' | 'display';
  tex: string;
}

/** Error texts of blocks in the error state, so a later run shows the same alert again. */
const errorMessages = new WeakMap<HTMLElement, string>();

function blockOf(code: HTMLElement): MathBlock {
  const parent = code.parentElement;
  const source = parent?.localName === 'pre' && parent.childElementCount === 1 ? parent : code;
  return {
    code,
    source,
    style: code.dataset.mathStyle === 'display' ? 'display' : 'inline',
    tex: code.textContent ?? '',
  };
}

function wrapperOf(block: MathBlock): HTMLElement | null {
  const parent = block.source.parentElement;
  return parent?.classList.contains('fk-math') ? parent : null;
}

/**
 * KaTeX hides its visual HTML from assistive technology (`aria-hidden`) and lets the MathML speak.
 * Links (`\href`, `\url`) exist only in the HTML, and a focusable link inside `aria-hidden` is
 * reached by Tab but never announced; so in a formula with links the HTML speaks instead and the
 * MathML (which keeps the TeX annotation for copying) is hidden.
 */
function exposeLinks(output: HTMLElement) {
  if (!output.querySelector('.katex-html a[href]')) return;
  for (const html of output.querySelectorAll('.katex-html')) html.removeAttribute('aria-hidden');
  for (const mathml of output.querySelectorAll('.katex-mathml')) mathml.setAttribute('aria-hidden', 'true');
}

/** A block-level part (`div`) around a `<pre>`, an inline one (`span`) in running text. */
const partTag = (block: MathBlock) => (block.source === block.code ? 'span' : 'div');

/** One `enhance` call: its blocks, its alerts, its KaTeX. */
class MathRun {
  private readonly alerts = new Map<HTMLElement, Island>();
  private katexLoad: Promise<Katex> | null = null;
  private overflowObserver: ResizeObserver | null = null;
  private readonly limits: boolean;
  private readonly now: () => number;

  constructor(private readonly context: EnhancerContext) {
    const options = context.options.math ?? {};
    this.limits = options.limits ?? true;
    this.now = options.now ?? (() => performance.now());
    context.onDispose(() => {
      for (const alert of this.alerts.values()) alert.remove();
      this.alerts.clear();
      this.overflowObserver?.disconnect();
    });
  }

  /** KaTeX, loaded on first use (at most once per run). */
  katex(): Promise<Katex> {
    if (!this.katexLoad) {
      this.katexLoad = loadKatex((error) => this.context.reportError(error));
      // Awaited later (or never, if disposed first): no unhandled rejection meanwhile.
      this.katexLoad.catch(() => {});
    }
    return this.katexLoad;
  }

  /** The queue: waits MATH_RENDER_DELAY, then one block per task, one task per frame. */
  async renderAll(queue: MathBlock[]): Promise<void> {
    const { signal } = this.context;
    const loading = this.katex();
    await wait(MATH_RENDER_DELAY, signal);
    const katex = await loading;
    let spent = 0;
    for (const [index, block] of queue.entries()) {
      if (index > 0) await afterNextFrame(signal);
      if (signal.aborted) return;
      if (!block.code.isConnected) continue;
      const warning = this.limits ? this.warningFor(block, spent) : null;
      if (warning) {
        this.warn(block, warning);
        continue;
      }
      const start = this.now();
      this.render(katex, block, this.limits);
      spent += this.now() - start;
    }
  }

  private warningFor(block: MathBlock, spent: number): MathWarning | null {
    if (block.tex.length > MATH_MAX_CHARACTERS) return 'too-long';
    if (spent >= MATH_RENDER_TIME_BUDGET) return 'time-budget';
    return null;
  }

  /** Puts the block's source into its wrapper (created on first need) and returns the wrapper. */
  private wrap(block: MathBlock, state: MathState): HTMLElement {
    let wrapper = wrapperOf(block);
    if (!wrapper) {
      wrapper = block.source.ownerDocument.createElement(partTag(block));
      wrapper.className = 'fk-math';
      wrapper.dataset.component = 'Math';
      wrapper.dataset.mathStyle = block.style;
      block.source.replaceWith(wrapper);
      wrapper.append(block.source);
    }
    wrapper.dataset.state = state;
    return wrapper;
  }

  private removeAlert(wrapper: HTMLElement) {
    this.alerts.get(wrapper)?.remove();
    this.alerts.delete(wrapper);
  }

  private removeOutput(wrapper: HTMLElement) {
    for (const output of wrapper.querySelectorAll(':scope > .fk-math__output')) output.remove();
  }

  /** Renders one block; on failure shows the error instead. Returns the output, if rendered. */
  render(katex: Katex, block: MathBlock, limits: boolean): HTMLElement | null {
    const output = block.code.ownerDocument.createElement(partTag(block));
    output.className = 'fk-math__output';
    output.dataset.component = 'Math.Output';
    try {
      // Built as DOM nodes (no HTML parsing) into a detached element, attached only on success.
      katex.render(block.tex, output, mathKatexOptions(block.style, limits));
    } catch (error) {
      this.fail(block, mathErrorMessage(error));
      return null;
    }
    exposeLinks(output);
    withoutMstyle(output);
    const wrapper = this.wrap(block, 'rendered');
    delete wrapper.dataset.warning;
    this.removeAlert(wrapper);
    this.removeOutput(wrapper);
    wrapper.insertBefore(output, block.source);
    block.source.hidden = true;
    if (block.style === 'display' && output.localName === 'div') this.watchOverflow(output);
    return output;
  }

  /**
   * A display formula wider than the column scrolls sideways; a scrolling region must be reachable
   * by keyboard, so it joins the Tab order while (and only while) it overflows. Measured in a
   * ResizeObserver callback, after layout, so rendering never forces a layout of its own.
   */
  private watchOverflow(output: HTMLElement) {
    const view = output.ownerDocument.defaultView;
    if (!view || typeof view.ResizeObserver !== 'function') return;
    this.overflowObserver ??= new view.ResizeObserver((entries) => {
      for (const { target } of entries) {
        if (!(target instanceof HTMLElement)) continue;
        if (target.scrollWidth > target.clientWidth) target.tabIndex = 0;
        else if (target.tabIndex === 0) target.removeAttribute('tabindex');
      }
    });
    this.overflowObserver.observe(output);
  }

  /** The error state: the alert with the message above the source, which stays visible. */
  fail(block: MathBlock, message: string) {
    const wrapper = this.wrap(block, 'error');
    delete wrapper.dataset.warning;
    errorMessages.set(wrapper, message);
    this.removeOutput(wrapper);
    block.source.hidden = false;
    this.removeAlert(wrapper);
    this.alerts.set(wrapper, mountMathAlert(wrapper, { variant: 'danger', message }, this.context));
  }

  /** The warning state: plain code with the warning and 'Display anyway' (limits off for that block). */
  warn(block: MathBlock, warning: MathWarning) {
    const wrapper = this.wrap(block, 'warning');
    wrapper.dataset.warning = warning;
    this.removeOutput(wrapper);
    block.source.hidden = false;
    this.removeAlert(wrapper);
    const alert = mountMathAlert(
      wrapper,
      {
        variant: 'warning',
        message: WARNING_MESSAGES[warning],
        action: {
          text: MATH_DISPLAY_ANYWAY_LABEL,
          onClick: () => void this.displayAnyway(block, alert).catch((error) => this.context.reportError(error)),
        },
      },
      this.context,
    );
    this.alerts.set(wrapper, alert);
  }

  private async displayAnyway(block: MathBlock, alert: Island) {
    const { signal } = this.context;
    const doc = block.code.ownerDocument;
    const hadFocus = alert.host.contains(doc.activeElement);
    const katex = await this.katex();
    if (signal.aborted || !block.code.isConnected) return;
    const output = this.render(katex, block, false);
    // The button has gone: focus what replaced it (the formula, or the error alert).
    if (!hadFocus) return;
    const target = output ?? wrapperOf(block);
    if (!target) return;
    target.tabIndex = -1;
    target.focus();
  }

  /** A later run over a block an earlier run handled: shows its alert again. */
  restore(block: MathBlock, wrapper: HTMLElement): boolean {
    const state = wrapper.dataset.state;
    if (state === 'warning') {
      this.warn(block, wrapper.dataset.warning === 'too-long' ? 'too-long' : 'time-budget');
      return true;
    }
    const message = errorMessages.get(wrapper);
    if (state === 'error' && message !== undefined) {
      this.fail(block, message);
      return true;
    }
    return state === 'rendered';
  }
}

/**
 * Renders `code.js-render-math[data-math-style="inline|display"]` with KaTeX, imported only when
 * such blocks exist. Options: `options.math` (`MathOptions`).
 */
export const mathEnhancer: MarkdownEnhancer = {
  name: 'mathEnhancer',
  selector: `code.${MARKDOWN_HOOKS.math}`,
  enhance(elements, context) {
    const run = new MathRun(context);
    const queue: MathBlock[] = [];
    for (const code of elements) {
      const block = blockOf(code);
      const wrapper = wrapperOf(block);
      if (wrapper && run.restore(block, wrapper)) continue;
      queue.push(block);
    }
    return queue.length > 0 ? run.renderAll(queue) : undefined;
  },
};

/**
 * KaTeX's MathML wraps styled parts in `<mstyle>`, a tag the spec forbids in rendered content (it
 * has carried mXSS in the past). MathML Core allows its attributes (`mathcolor`, `displaystyle`,
 * `scriptlevel`, ...) on any element, so each becomes an `<mrow>` with the same attributes.
 */
function withoutMstyle(output: Element) {
  const namespace = 'http://www.w3.org/1998/Math/MathML';
  for (const mstyle of Array.from(output.getElementsByTagNameNS(namespace, 'mstyle'))) {
    const mrow = output.ownerDocument.createElementNS(namespace, 'mrow');
    for (const { name, value } of Array.from(mstyle.attributes)) mrow.setAttribute(name, value);
    mrow.append(...Array.from(mstyle.childNodes));
    mstyle.replaceWith(mrow);
  }
}
