import clsx from 'clsx';
import { useLayoutEffect, useRef, type ComponentPropsWithoutRef, type ReactNode, type Ref } from 'react';
import { Counter } from '../Counter';
import './NavTabs.css';

export interface NavTabItem {
  /** Identifies the tab for `currentId`; unique within the strip. */
  id: string;
  /** The tab's text. */
  label: ReactNode;
  /** The page the tab leads to. */
  href: string;
  /**
   * A count after the label (open issues, members...), shortened above 1000 ("1,000+").
   * @default undefined
   */
  count?: number;
}

export interface NavTabsProps extends Omit<ComponentPropsWithoutRef<'nav'>, 'children'> {
  /** The tabs, in order. */
  items: readonly NavTabItem[];
  /** The navigation landmark's accessible name, e.g. "Project tabs". */
  label: string;
  /** The `id` of the tab of the current page (`aria-current="page"`). */
  currentId?: string;
  ref?: Ref<HTMLElement>;
}

/**
 * A strip of tabs that are links to pages (GitLab's navigation tabs: "Activity", "Projects",
 * "Followers" on a profile; "Open", "Merged", "All" above a list), the current page's tab marked
 * `aria-current="page"`, each optionally with a count. A `<nav>` with a list of links: Tab moves
 * between them and Enter follows one. The strip scrolls sideways when it does not fit, and the
 * current tab is scrolled into view on mount. For tabs that switch panels within a page, use
 * `ScrollableTabs` (the WAI-ARIA tabs pattern).
 */
export function NavTabs({ items, label, currentId, className, ref, ...rest }: NavTabsProps) {
  const listRef = useRef<HTMLUListElement>(null);

  // The current tab comes into view (the strip only: the page does not scroll).
  useLayoutEffect(() => {
    const list = listRef.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current) return;
    const box = list.getBoundingClientRect();
    const rect = current.getBoundingClientRect();
    if (rect.left < box.left) list.scrollLeft += rect.left - box.left;
    else if (rect.right > box.right) list.scrollLeft += rect.right - box.right;
  }, [currentId]);

  return (
    <nav {...rest} ref={ref} aria-label={label} className={clsx('fk-nav-tabs', className)} data-component="NavTabs">
      <ul ref={listRef} className="fk-nav-tabs__list">
        {items.map((item) => {
          const isCurrent = item.id === currentId;
          return (
            <li key={item.id} className="fk-nav-tabs__item">
              <a
                className="fk-nav-tabs__tab"
                data-component="NavTabs.Tab"
                data-key={item.id}
                href={item.href}
                aria-current={isCurrent ? 'page' : undefined}
              >
                {item.label}
                {/* The space separates label and count in the link's name; flex layout drops it. */}
                {item.count !== undefined ? ' ' : null}
                {item.count !== undefined ? <Counter count={item.count} className="fk-nav-tabs__count" /> : null}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
