import clsx from 'clsx';
import { useEffect, useEffectEvent, useId, type ComponentPropsWithoutRef, type Ref } from 'react';
import { useBreakpointChange, getCurrentBreakpoint, isNarrowerBreakpoint } from '../../hooks/useBreakpoint';
import { useControllableState } from '../../hooks/useControllableState';
import type { Breakpoint } from '../../tokens';
import { Icon } from '../Icon';
import './Sidebar.css';

/** Accessible names of the toggle button. */
export const SIDEBAR_LABELS = { collapse: 'Collapse sidebar', expand: 'Expand sidebar' } as const;

/**
 * Spec section 2: "Sidebars collapse when the breakpoint shrinks to md, sm or xs". The same
 * breakpoints are the "small screens" on which the right sidebar starts collapsed.
 */
export const SIDEBAR_COLLAPSE_BREAKPOINTS: readonly Breakpoint[] = ['md', 'sm', 'xs'];

/**
 * Spec section 2: "The right sidebar collapses automatically on small screens, except on boards
 * and merge requests." Page identifiers (`<body data-page="area:controller:action">`) starting
 * with one of these keep the sidebar expanded: project and group boards, and merge request pages
 * (`merge_requests:show`, `merge_requests:diffs`, `merge_requests:rapid_diffs`, with or without
 * the `projects:` area).
 */
export const SIDEBAR_KEEP_EXPANDED_PAGES: readonly string[] = [
  'projects:boards:',
  'groups:boards:',
  'projects:merge_requests:',
  'merge_requests:',
];

/** Does the page identifier start with one of the prefixes? */
export function isPageKeptExpanded(
  page: string | undefined,
  prefixes: readonly string[] = SIDEBAR_KEEP_EXPANDED_PAGES,
): boolean {
  return !!page && prefixes.some((prefix) => page.startsWith(prefix));
}

/**
 * - `page-aware`: starts collapsed on small screens (md, sm, xs) unless the page is in
 *   `keepExpandedOnPages`, and collapses when the breakpoint shrinks to md, sm or xs.
 * - `on-shrink`: only collapses when the breakpoint shrinks to md, sm or xs.
 * - `off`: only the user (or the `isCollapsed` prop) collapses it.
 */
export type SidebarAutoCollapse = 'page-aware' | 'on-shrink' | 'off';
export type SidebarSide = 'start' | 'end';

export interface SidebarProps extends Omit<ComponentPropsWithoutRef<'aside'>, 'onToggle'> {
  /**
   * The page edge it sits on: `end` is the right sidebar in left-to-right pages.
   * @default 'end'
   */
  side?: SidebarSide;
  /** Collapsed (controlled). Leave undefined for the sidebar to keep its own state. */
  isCollapsed?: boolean;
  /**
   * Collapsed at first (uncontrolled).
   * @default false
   */
  defaultCollapsed?: boolean;
  /** Called with the requested state: the toggle button and automatic collapsing. */
  onCollapsedChange?: (isCollapsed: boolean) => void;
  /**
   * Automatic collapsing (see `SidebarAutoCollapse`). It acts once, on load or on the shrinking
   * resize, so a sidebar the user expands again stays expanded.
   * @default 'page-aware' for side="end", 'on-shrink' for side="start"
   */
  autoCollapse?: SidebarAutoCollapse;
  /**
   * Page identifier prefixes on which `page-aware` does not collapse the sidebar on load.
   * @default SIDEBAR_KEEP_EXPANDED_PAGES (boards and merge requests)
   */
  keepExpandedOnPages?: readonly string[];
  /**
   * The page identifier (`area:controller:action`).
   * @default document.body.dataset.page, read after mount
   */
  page?: string;
  /**
   * Accessible names of the toggle button, for translation.
   * @default SIDEBAR_LABELS ('Collapse sidebar' / 'Expand sidebar')
   */
  labels?: { collapse: string; expand: string };
  ref?: Ref<HTMLElement>;
}

/**
 * A collapsible page sidebar (`<aside>`): a toggle button (`aria-expanded`, `aria-controls`, named
 * 'Collapse sidebar' / 'Expand sidebar') and its content, hidden while collapsed. It collapses on
 * its own as spec section 2 describes (see `autoCollapse`). Name the landmark with `aria-label`.
 */
export function Sidebar({
  side = 'end',
  isCollapsed: collapsedProp,
  defaultCollapsed = false,
  onCollapsedChange,
  autoCollapse = side === 'end' ? 'page-aware' : 'on-shrink',
  keepExpandedOnPages = SIDEBAR_KEEP_EXPANDED_PAGES,
  page,
  labels = SIDEBAR_LABELS,
  className,
  children,
  ref,
  ...rest
}: SidebarProps) {
  const [isCollapsed, setCollapsed] = useControllableState({
    value: collapsedProp,
    defaultValue: defaultCollapsed,
    onChange: onCollapsedChange,
  });
  const contentId = useId();

  // On load: small screens start with the sidebar collapsed, except on the listed pages.
  const collapseOnLoad = useEffectEvent(() => {
    if (autoCollapse !== 'page-aware' || !SIDEBAR_COLLAPSE_BREAKPOINTS.includes(getCurrentBreakpoint())) return;
    if (!isPageKeptExpanded(page ?? document.body.dataset.page, keepExpandedOnPages)) setCollapsed(true);
  });
  useEffect(() => collapseOnLoad(), []);

  // On a shrinking resize into md, sm or xs: only the transition, so re-expanding sticks.
  useBreakpointChange((next, previous) => {
    if (autoCollapse === 'off' || !SIDEBAR_COLLAPSE_BREAKPOINTS.includes(next)) return;
    if (isNarrowerBreakpoint(next, previous)) setCollapsed(true);
  });

  const state = isCollapsed ? 'collapsed' : 'expanded';
  // The chevrons point the way the sidebar will move: outwards to collapse, inwards to expand.
  const pointsEnd = (side === 'end') !== isCollapsed;
  return (
    <aside
      {...rest}
      ref={ref}
      className={clsx('fk-sidebar', className)}
      data-component="Sidebar"
      data-side={side}
      data-state={state}
    >
      <div className="fk-sidebar__header" data-component="Sidebar.Header">
        <button
          type="button"
          className="fk-sidebar__toggle"
          data-component="Sidebar.Toggle"
          aria-expanded={!isCollapsed}
          aria-controls={contentId}
          aria-label={isCollapsed ? labels.expand : labels.collapse}
          onClick={() => setCollapsed(!isCollapsed)}
        >
          <Icon
            name={pointsEnd ? 'chevron-double-lg-right' : 'chevron-double-lg-left'}
            className="fk-sidebar__toggle-icon"
          />
        </button>
      </div>
      <div id={contentId} className="fk-sidebar__content" data-component="Sidebar.Content" hidden={isCollapsed}>
        {children}
      </div>
    </aside>
  );
}
