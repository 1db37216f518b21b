/**
 * The page layouts every page renders itself into: the top bar, the area's left sidebar,
 * breadcrumbs, the alert area (global alerts, the server's callouts) and the main content, and
 * an administrator's critical-patch modal (spec section 2). A page gives its title (the document's
 * `<title>` gets the product's name appended), breadcrumbs below the area's own, and content.
 */
import {
  Breadcrumbs,
  NavSidebar,
  PageLayout,
  TopBar,
  UserMenu,
  type BreadcrumbItem,
  type NavSidebarContext,
} from 'forgekit';
import type { Group, ProjectBasic } from 'forgekit/client';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PRODUCT_NAME, useRootData } from '../root.tsx';
import {
  ADMIN_NAV,
  GROUP_NAV,
  PROJECT_NAV,
  USER_SETTINGS_NAV,
  type AdminNavKey,
  type GroupNavKey,
  type NavItem,
  type ProjectNavKey,
  type UserSettingsNavKey,
} from './navigation.ts';
import { PageNotices } from './notices.tsx';
import { useUrl } from './urls.ts';
import { CriticalPatchNotice, VersionCheckBadge } from './versionCheck.tsx';

/** The sidebar headings of the areas that are not a project or a group. */
export const USER_SETTINGS_NAME = 'User settings';
export const ADMIN_AREA_NAME = 'Admin area';

export interface LayoutProps {
  /** The page's title, without the product's name. */
  title: string;
  /** Crumbs after the area's own (the project's or group's path). */
  breadcrumbs?: readonly BreadcrumbItem[];
  children: ReactNode;
}

interface SidebarSpec {
  /** Who the navigation is about: the project or group (avatar, name, home link). */
  context: NavSidebarContext;
  items: readonly NavItem[];
  current: string;
  /** Where relative item paths start (`/atlas/router`), `''` for absolute ones. */
  base: string;
}

function AppLayout({ title, breadcrumbs = [], sidebar, children }: LayoutProps & { sidebar?: SidebarSpec }) {
  const url = useUrl();
  const itemUrl = (item: NavItem) =>
    url(item.path.startsWith('/') ? item.path : [sidebar?.base, item.path].filter(Boolean).join('/'));
  const current = sidebar?.items.find((item) => item.key === sidebar.current);
  return (
    <PageLayout
      topBar={<AppTopBar />}
      navSidebar={
        sidebar ? (
          <NavSidebar
            context={sidebar.context}
            items={sidebar.items.map((item) => ({
              key: item.key,
              label: item.label,
              icon: item.icon,
              href: itemUrl(item),
            }))}
            currentHref={current ? itemUrl(current) : undefined}
          />
        ) : undefined
      }
      breadcrumbs={breadcrumbs.length ? <Breadcrumbs items={breadcrumbs} /> : undefined}
    >
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <PageNotices />
      {children}
      <CriticalPatchNotice />
    </PageLayout>
  );
}

/**
 * The product's top bar: home, an administrator's version badge, search, and the user menu or
 * "Sign in" (back to this page afterwards).
 */
function AppTopBar() {
  const url = useUrl();
  const { currentUser, csrfToken } = useRootData();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <TopBar
      homeUrl={url('/')}
      links={currentUser?.isAdmin ? <VersionCheckBadge /> : undefined}
      searchUrl={url('/search')}
      signInUrl={`${url('/users/sign_in')}?redirect_to=${encodeURIComponent(url(here))}`}
      user={
        currentUser && csrfToken ? (
          <UserMenu
            user={{
              id: currentUser.id,
              name: currentUser.name,
              username: currentUser.username,
              avatarUrl: currentUser.avatarUrl ?? undefined,
            }}
            status={
              currentUser.status && {
                emoji: currentUser.status.emoji ?? undefined,
                message: currentUser.status.message ?? undefined,
                availability: currentUser.status.availability,
              }
            }
            profileUrl={url(`/${currentUser.username}`)}
            editStatusUrl={url('/-/user_settings/profile#status')}
            editProfileUrl={url('/-/user_settings/profile')}
            preferencesUrl={url('/-/profile/preferences')}
            signOutUrl={url('/users/sign_out')}
            csrfToken={csrfToken}
          />
        ) : undefined
      }
    />
  );
}

/** Pages outside any project, group or settings area (explore, dashboard, sign in, errors). */
export function BasicLayout(props: LayoutProps) {
  return <AppLayout {...props} />;
}

/** Breadcrumbs of a namespace path: each group, then the project. */
function pathCrumbs(url: (path: string) => string, fullPath: string, names: readonly string[]): BreadcrumbItem[] {
  const segments = fullPath.split('/');
  return segments.map((_, index) => ({
    text: names[index] ?? segments[index]!,
    href: url(`/${segments.slice(0, index + 1).join('/')}`),
  }));
}

/** A project's pages: its sidebar, its namespace and name as the first crumbs. */
export function ProjectLayout({
  project,
  current,
  breadcrumbs = [],
  ...props
}: LayoutProps & { project: ProjectBasic; current: ProjectNavKey }) {
  const url = useUrl();
  const names = project.name_with_namespace.split(' / ');
  return (
    <AppLayout
      {...props}
      breadcrumbs={[...pathCrumbs(url, project.path_with_namespace, names), ...breadcrumbs]}
      sidebar={{
        context: {
          id: project.id,
          name: project.name,
          href: url(`/${project.path_with_namespace}`),
          avatarUrl: project.avatar_url ?? undefined,
        },
        items: PROJECT_NAV,
        current,
        base: `/${project.path_with_namespace}`,
      }}
    />
  );
}

/** A group's pages. */
export function GroupLayout({
  group,
  current,
  breadcrumbs = [],
  ...props
}: LayoutProps & { group: Group; current: GroupNavKey }) {
  const url = useUrl();
  return (
    <AppLayout
      {...props}
      breadcrumbs={[...pathCrumbs(url, group.full_path, group.full_name.split(' / ')), ...breadcrumbs]}
      sidebar={{
        context: {
          id: group.id,
          name: group.name,
          href: url(`/groups/${group.full_path}`),
          avatarUrl: group.avatar_url ?? undefined,
        },
        items: GROUP_NAV,
        current,
        base: `/groups/${group.full_path}`,
      }}
    />
  );
}

/** The signed-in user's settings. */
export function UserSettingsLayout({ current, ...props }: LayoutProps & { current: UserSettingsNavKey }) {
  const url = useUrl();
  const { currentUser } = useRootData();
  const context = {
    id: currentUser?.id ?? 0,
    name: USER_SETTINGS_NAME,
    href: url('/-/user_settings/profile'),
    avatarUrl: currentUser?.avatarUrl ?? undefined,
  };
  return <AppLayout {...props} sidebar={{ context, items: USER_SETTINGS_NAV, current, base: '' }} />;
}

/** The admin area. */
export function AdminLayout({ current, ...props }: LayoutProps & { current: AdminNavKey }) {
  const url = useUrl();
  const context = { id: 0, name: ADMIN_AREA_NAME, href: url('/admin') };
  return <AppLayout {...props} sidebar={{ context, items: ADMIN_NAV, current, base: '' }} />;
}
