import clsx from 'clsx';
import type { ComponentPropsWithoutRef, ReactNode, Ref } from 'react';
import { UNSAFE_PortalProvider } from 'react-aria/PortalProvider';
import { TOP_BAR_HEIGHT } from '../TopBar';
import { PAGE_LAYOUT_OVERLAYS_ATTRIBUTE, overlayContainer } from './overlayContainer';
import './PageLayout.css';

/** Texts, for translation: the skip link. */
export const PAGE_LAYOUT_LABELS = { skipToContent: 'Skip to main content' } as const;

/** The main content's id (GitLab's), the skip link's target. */
export const PAGE_LAYOUT_CONTENT_ID = 'content-body';

/**
 * The class for the document's `<body>` around a PageLayout: no browser margin, and the theme's
 * background, text colour and font behind everything (broadcast banners included).
 */
export const PAGE_LAYOUT_BODY_CLASS = 'fk-page-body';

/**
 * Spec section 2: "On load, scroll to the URL hash with an offset for sticky headers." The sticky
 * header's height in px, the `--fk-page-layout-header-offset` custom property's default: pass it
 * to `useScrollToHash({ offset })` (which adds the broadcast banners' height). Native jumps to a
 * hash inside the layout clear it through `scroll-margin`.
 */
export const PAGE_LAYOUT_STICKY_HEADER_OFFSET = TOP_BAR_HEIGHT;

export interface PageLayoutProps extends ComponentPropsWithoutRef<'div'> {
  /** The sticky header: a `TopBar`. */
  topBar?: ReactNode;
  /** The start-side navigation: a `NavSidebar`, for project and group pages. */
  navSidebar?: ReactNode;
  /** The trail above the content: `Breadcrumbs`. */
  breadcrumbs?: ReactNode;
  /** The end-side sidebar: a `Sidebar` (issue details, for example). */
  rightSidebar?: ReactNode;
  /** The page content, inside `<main id="content-body">`. */
  children?: ReactNode;
  /**
   * Texts, for translation.
   * @default PAGE_LAYOUT_LABELS
   */
  labels?: { skipToContent: string };
  ref?: Ref<HTMLDivElement>;
}

/**
 * The skeleton of a product page: a "Skip to main content" link (shown when focused), the top bar
 * kept in view at the top (below any broadcast banners), then the navigation sidebar, the
 * breadcrumbs and main content (`<main id="content-body">`) and the right sidebar. Sidebars stay
 * in view while the content scrolls. Targets of hash links clear the sticky header
 * (`PAGE_LAYOUT_STICKY_HEADER_OFFSET`). Open overlays (menus, popovers, tooltips, modals) are
 * portalled into an empty container at the end of `<main>`, so they are inside a landmark; it has
 * no stacking context or colours of its own, so they stack and look as they do in `<body>`.
 */
export function PageLayout({
  topBar,
  navSidebar,
  breadcrumbs,
  rightSidebar,
  children,
  labels = PAGE_LAYOUT_LABELS,
  className,
  ref,
  ...rest
}: PageLayoutProps) {
  return (
    <UNSAFE_PortalProvider getContainer={overlayContainer}>
      <div {...rest} ref={ref} className={clsx('fk-page-layout', className)} data-component="PageLayout">
        <a href={`#${PAGE_LAYOUT_CONTENT_ID}`} className="fk-page-layout__skip" data-component="PageLayout.Skip">
          {labels.skipToContent}
        </a>
        {topBar ? (
          <div className="fk-page-layout__header" data-component="PageLayout.Header">
            {topBar}
          </div>
        ) : null}
        <div className="fk-page-layout__body">
          {navSidebar}
          <div className="fk-page-layout__page">
            {breadcrumbs ? <div className="fk-page-layout__breadcrumbs">{breadcrumbs}</div> : null}
            {/* tabIndex -1: the skip link moves focus here, so the next Tab starts in the content. */}
            <main id={PAGE_LAYOUT_CONTENT_ID} className="fk-page-layout__main" tabIndex={-1}>
              {children}
              <div {...{ [PAGE_LAYOUT_OVERLAYS_ATTRIBUTE]: '' }} data-component="PageLayout.Overlays" />
            </main>
          </div>
          {rightSidebar}
        </div>
      </div>
    </UNSAFE_PortalProvider>
  );
}
