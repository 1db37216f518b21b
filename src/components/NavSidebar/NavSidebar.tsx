import clsx from 'clsx';
import { useId, useState } from 'react';
import { Avatar } from '../Avatar';
import { Icon, type IconName } from '../Icon';
import { Sidebar, type SidebarProps } from '../Sidebar';
import './NavSidebar.css';

/** Size in px of the context's avatar in the header. */
export const NAV_SIDEBAR_AVATAR_SIZE = 24;

/**
 * Spec section 2: "Sidebars collapse when the breakpoint shrinks to md, sm or xs." The navigation
 * also starts collapsed on those screens: no page keeps it expanded.
 */
const NO_PAGE_KEEPS_IT_EXPANDED: readonly string[] = [];

/** One link of the navigation; with `items`, a section that opens to show them. */
export interface NavSidebarItem {
  /** Unique among its siblings. */
  key: string;
  label: string;
  href: string;
  /** A decorative icon before the label (top-level items). */
  icon?: IconName;
  /** Nested links; the item then becomes a section toggle. */
  items?: readonly NavSidebarItem[];
}

/** The project or group the navigation belongs to. */
export interface NavSidebarContext {
  id: number;
  name: string;
  href: string;
  avatarUrl?: string;
}

export interface NavSidebarProps extends Omit<SidebarProps, 'side' | 'children' | 'page' | 'keepExpandedOnPages'> {
  /** The project or group, shown at the top with its avatar. */
  context: NavSidebarContext;
  /** The links, in order; an item with `items` is a section. */
  items: readonly NavSidebarItem[];
  /**
   * The current page's URL: the link with this `href` gets `aria-current="page"` and its section
   * starts open.
   */
  currentHref?: string;
  /** The navigation landmark's name. @default `${context.name} navigation` */
  'aria-label'?: string;
}

const containsHref = (item: NavSidebarItem, href: string | undefined): boolean =>
  href !== undefined && (item.href === href || (item.items ?? []).some((child) => containsHref(child, href)));

/**
 * The left navigation of a project or group (GitLab's contextual sidebar): the context's avatar
 * and name, then its sections with icons and nested links, the current page marked with
 * `aria-current="page"`. It is a start-side `Sidebar`, so it collapses with the same toggle and
 * the same rule: on md and smaller screens it starts collapsed and collapses when the window
 * shrinks to them.
 */
export function NavSidebar({
  context,
  items,
  currentHref,
  'aria-label': ariaLabel,
  autoCollapse = 'page-aware',
  className,
  ...sidebarProps
}: NavSidebarProps) {
  return (
    <Sidebar
      {...sidebarProps}
      side="start"
      autoCollapse={autoCollapse}
      keepExpandedOnPages={NO_PAGE_KEEPS_IT_EXPANDED}
      className={clsx('fk-nav-sidebar', className)}
    >
      <nav aria-label={ariaLabel ?? `${context.name} navigation`}>
        <a
          href={context.href}
          className="fk-nav-sidebar__context"
          data-component="NavSidebar.Context"
          aria-current={context.href === currentHref ? 'page' : undefined}
        >
          <Avatar
            entityId={context.id}
            entityName={context.name}
            src={context.avatarUrl}
            alt=""
            shape="rect"
            size={NAV_SIDEBAR_AVATAR_SIZE}
            fallbackOnError
          />
          <span className="fk-nav-sidebar__context-name">{context.name}</span>
        </a>
        <ul className="fk-nav-sidebar__list">
          {items.map((item) => (
            <NavSidebarEntry key={item.key} item={item} currentHref={currentHref} />
          ))}
        </ul>
      </nav>
    </Sidebar>
  );
}

function NavSidebarEntry({ item, currentHref }: { item: NavSidebarItem; currentHref: string | undefined }) {
  const [isOpen, setOpen] = useState(() => containsHref(item, currentHref));
  const listId = useId();
  const content = (
    <>
      {item.icon ? <Icon name={item.icon} className="fk-nav-sidebar__icon" /> : null}
      <span className="fk-nav-sidebar__label">{item.label}</span>
    </>
  );
  if (!item.items?.length) {
    return (
      <li>
        <a
          href={item.href}
          className="fk-nav-sidebar__link"
          data-component="NavSidebar.Link"
          aria-current={item.href === currentHref ? 'page' : undefined}
        >
          {content}
        </a>
      </li>
    );
  }
  return (
    <li data-state={isOpen ? 'open' : 'closed'}>
      <button
        type="button"
        className="fk-nav-sidebar__link fk-nav-sidebar__section"
        data-component="NavSidebar.Section"
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={() => setOpen(!isOpen)}
      >
        {content}
        <Icon name="chevron-down" className="fk-nav-sidebar__chevron" />
      </button>
      <ul id={listId} className="fk-nav-sidebar__list fk-nav-sidebar__nested" hidden={!isOpen}>
        {item.items.map((child) => (
          <NavSidebarEntry key={child.key} item={child} currentHref={currentHref} />
        ))}
      </ul>
    </li>
  );
}
