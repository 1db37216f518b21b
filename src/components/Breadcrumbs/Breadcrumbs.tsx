import clsx from 'clsx';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentPropsWithoutRef,
  type Ref,
} from 'react';
import { Icon } from '../Icon';
// Types only (erased): the tooltip's code (react-aria's tooltip trigger, floating-ui) loads with
// import() when an item is first cut, so a trail that fits carries none of it.
import type * as TooltipModule from '../Tooltip';
import './Breadcrumbs.css';

let loadedTooltip: typeof TooltipModule | null = null;
let tooltipRequest: Promise<typeof TooltipModule> | null = null;

/** Loads the tooltip's code once per page (again after a failure). */
function loadTooltip(): Promise<typeof TooltipModule> {
  tooltipRequest ??= import('../Tooltip').then(
    (module) => (loadedTooltip = module),
    (error: unknown) => {
      tooltipRequest = null; // the next cut item tries again
      throw error;
    },
  );
  return tooltipRequest;
}

/** Texts: the landmark's name and the expander's accessible name. */
export const BREADCRUMBS_LABELS = { nav: 'Breadcrumb', expander: 'Show all breadcrumbs' } as const;

/** Sub-pixel slack when comparing widths (layout rounds fractional widths). */
const WIDTH_TOLERANCE = 0.5;

export interface BreadcrumbItem {
  /** The visible text; also the tooltip of a truncated item. */
  text: string;
  /** Where it links. Without it the item is plain text. */
  href?: string;
}

/**
 * How many items after the first to hide so the trail fits in `available` px: none when all
 * fit, else the fewest (closest to the start first) that make first + expander + the rest fit,
 * and at most all but the first and the last.
 */
export function breadcrumbsHiddenCount(widths: readonly number[], expanderWidth: number, available: number): number {
  const total = widths.reduce((sum, width) => sum + width, 0);
  if (widths.length <= 2 || total <= available + WIDTH_TOLERANCE) return 0;
  let shown = total + expanderWidth;
  for (let hidden = 1; hidden < widths.length - 1; hidden++) {
    shown -= widths[hidden]!;
    if (shown <= available + WIDTH_TOLERANCE) return hidden;
  }
  return widths.length - 2;
}

export interface BreadcrumbsProps extends Omit<ComponentPropsWithoutRef<'nav'>, 'children'> {
  /** The trail, from the top level to the current page (the last item, marked `aria-current="page"`). */
  items: readonly BreadcrumbItem[];
  /**
   * `auto`: when the trail does not fit its width, the items after the first collapse behind an
   * expander (the first and the last always stay), re-checked on resize. `never`: all items show
   * (and wrap).
   * @default 'auto'
   */
  collapse?: 'auto' | 'never';
  /**
   * Texts, for translation: `nav` (the landmark's name) and `expander`.
   * @default BREADCRUMBS_LABELS ('Breadcrumb', 'Show all breadcrumbs')
   */
  labels?: { nav: string; expander: string };
  /**
   * Where the truncated items' tooltips are portalled.
   * @default document.body
   */
  tooltipContainer?: Element | null;
  ref?: Ref<HTMLElement>;
}

/**
 * The page's place in the hierarchy (GitLab UI `GlBreadcrumb`), in `<nav aria-label="Breadcrumb">`
 * with the current page last (`aria-current="page"`). Spec section 2: "Truncated breadcrumb items
 * get a tooltip. A collapsed-breadcrumbs expander reveals hidden items."
 *
 * Long items are cut with an ellipsis (`--fk-breadcrumbs-item-max-width`); an item that is
 * actually cut (its text wider than its box, re-checked on resize) gets a tooltip with its full
 * text (the tooltip's code loads when an item is first cut). When the trail does not fit, the items after the first collapse behind a "Show all
 * breadcrumbs" button (`aria-expanded`); pressing it reveals them and moves focus to the first one.
 */
export function Breadcrumbs({
  items,
  collapse = 'auto',
  labels = BREADCRUMBS_LABELS,
  tooltipContainer,
  className,
  ref,
  ...rest
}: BreadcrumbsProps) {
  const [hiddenCount, setHiddenCount] = useState(0);
  const [isExpanded, setExpanded] = useState(false);
  const [truncated, setTruncated] = useState<readonly boolean[]>([]);
  const [tooltip, setTooltip] = useState(loadedTooltip);
  // The link that has keyboard or pointer focus, kept up to date (not read when the tooltip's code
  // arrives: a Tab between its arrival and the swap moves focus on): when the swap removes it, its
  // replacement gets focus.
  const focusedLink = useRef<HTMLElement | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const measurerRef = useRef<HTMLOListElement>(null);
  const focusAfterExpand = useRef(false);

  const canCollapse = collapse === 'auto' && !isExpanded;
  const hidden = canCollapse ? hiddenCount : 0;
  const lastIndex = items.length - 1;
  const isShown = (index: number) => index === 0 || index > hidden;

  /** Hides as many items as the width needs, from the natural widths in the hidden measurer. */
  const fitToWidth = useCallback(() => {
    const list = listRef.current;
    const measurer = measurerRef.current;
    if (!list || !measurer || !canCollapse) return;
    const widths = [...measurer.querySelectorAll<HTMLElement>('[data-measure="item"]')].map(
      (element) => element.getBoundingClientRect().width,
    );
    const expander = measurer.querySelector<HTMLElement>('[data-measure="expander"]');
    const next = breadcrumbsHiddenCount(widths, expander?.getBoundingClientRect().width ?? 0, list.clientWidth);
    setHiddenCount((previous) => (previous === next ? previous : next));
  }, [canCollapse]);

  /** Which shown items are cut by their ellipsis. */
  const checkTruncation = useCallback(() => {
    const shown = listRef.current?.querySelectorAll<HTMLElement>('[data-component="Breadcrumbs.Link"]') ?? [];
    const next = items.map(() => false);
    for (const link of shown) next[Number(link.dataset.index)] = link.scrollWidth > link.clientWidth;
    setTruncated((previous) =>
      previous.length === next.length && previous.every((value, index) => value === next[index]) ? previous : next,
    );
  }, [items]);

  // Before paint: collapse to fit (the server renders every item), then look for cut items.
  useLayoutEffect(() => {
    fitToWidth();
  }, [fitToWidth, items]);
  useLayoutEffect(() => {
    // Measuring the rendered layout (which items the new trail cuts) is what this effect is for.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    checkTruncation();
  }, [checkTruncation, hidden]);

  // Again whenever the trail's width changes, and once the web fonts have loaded.
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const update = () => {
      fitToWidth();
      checkTruncation();
    };
    let observer: ResizeObserver | undefined;
    if (typeof ResizeObserver === 'function') {
      observer = new ResizeObserver(update);
      observer.observe(list);
    } else {
      window.addEventListener('resize', update);
    }
    let isActive = true;
    document.fonts?.ready.then(() => {
      if (isActive) update();
    });
    return () => {
      isActive = false;
      observer?.disconnect();
      window.removeEventListener('resize', update);
    };
  }, [fitToWidth, checkTruncation]);

  // The first cut item brings the tooltip's code; the items are then drawn through it (same markup).
  const isCut = truncated.some(Boolean);
  useEffect(() => {
    if (!isCut || tooltip) return;
    loadTooltip().then(
      (module) => setTooltip(module),
      () => {}, // no tooltips then: the items stay as they are
    );
  }, [isCut, tooltip]);
  useLayoutEffect(() => {
    const link = focusedLink.current;
    if (!link || link.isConnected || (document.activeElement && document.activeElement !== document.body)) return;
    listRef.current
      ?.querySelector<HTMLElement>(`[data-component="Breadcrumbs.Link"][data-index="${link.dataset.index}"]`)
      ?.focus();
  }, [tooltip]);

  // After the expander reveals the hidden items, focus moves to the first of them.
  useEffect(() => {
    if (!isExpanded || !focusAfterExpand.current) return;
    focusAfterExpand.current = false;
    listRef.current?.querySelector<HTMLElement>('[data-component="Breadcrumbs.Link"][data-index="1"]')?.focus();
  }, [isExpanded]);

  const renderItem = (item: BreadcrumbItem, index: number) => {
    const isCurrent = index === lastIndex;
    const common = {
      className: 'fk-breadcrumbs__link',
      'data-component': 'Breadcrumbs.Link',
      'data-index': index,
      'aria-current': isCurrent ? ('page' as const) : undefined,
    };
    const content = item.href ? (
      <a {...common} href={item.href}>
        {item.text}
      </a>
    ) : (
      // Plain text: its tooltip shows on hover; screen readers read the whole text anyway.
      <span {...common}>{item.text}</span>
    );
    return (
      <li
        key={index}
        className="fk-breadcrumbs__item"
        data-component="Breadcrumbs.Item"
        data-truncated={truncated[index] || undefined}
      >
        {tooltip ? (
          <tooltip.Tooltip content={item.text} type="label" isDisabled={!truncated[index]} container={tooltipContainer}>
            {content}
          </tooltip.Tooltip>
        ) : (
          content
        )}
      </li>
    );
  };

  return (
    <nav
      aria-label={labels.nav}
      {...rest}
      ref={ref}
      className={clsx('fk-breadcrumbs', className)}
      data-component="Breadcrumbs"
      data-state={hidden > 0 ? 'collapsed' : 'expanded'}
      data-collapse={collapse}
      data-expanded={isExpanded || undefined}
    >
      <ol
        ref={listRef}
        className="fk-breadcrumbs__list"
        onFocus={(event) => {
          if (event.target.dataset.component === 'Breadcrumbs.Link') focusedLink.current = event.target;
        }}
        onBlur={(event) => {
          // Focus moved elsewhere (a removed element may not blur, and if it does it is detached).
          if (event.target.isConnected && !listRef.current?.contains(event.relatedTarget)) focusedLink.current = null;
        }}
      >
        {items.map((item, index) => {
          if (index === 1 && hidden > 0) {
            return (
              <li key="expander" className="fk-breadcrumbs__item" data-component="Breadcrumbs.Expander">
                <button
                  type="button"
                  className="fk-breadcrumbs__expander"
                  aria-label={labels.expander}
                  aria-expanded={false}
                  onClick={() => {
                    focusAfterExpand.current = true;
                    setExpanded(true);
                  }}
                >
                  <Icon name="ellipsis_h" />
                </button>
              </li>
            );
          }
          return isShown(index) ? renderItem(item, index) : null;
        })}
      </ol>
      {collapse === 'auto' && !isExpanded ? (
        // Every item at its natural width, out of sight and out of the accessibility tree: the
        // widths the collapsing needs, including those of the hidden items.
        <div className="fk-breadcrumbs__measure-box" aria-hidden="true" inert>
          <ol ref={measurerRef} className="fk-breadcrumbs__list fk-breadcrumbs__measurer">
            {items.map((item, index) => (
              <li key={index} className="fk-breadcrumbs__item" data-measure="item">
                <span className="fk-breadcrumbs__link">{item.text}</span>
              </li>
            ))}
            <li className="fk-breadcrumbs__item" data-measure="expander">
              <span className="fk-breadcrumbs__expander">
                <Icon name="ellipsis_h" />
              </span>
            </li>
          </ol>
        </div>
      ) : null}
    </nav>
  );
}
