/**
 * The left sidebar of each area (GitLab's "super sidebar" sections): key, label, icon and path.
 * Paths are relative to the area's own URL (a project's or group's full path) or absolute.
 */
import type { IconName } from 'forgekit';

export interface NavItem {
  key: string;
  label: string;
  icon: IconName;
  /** Below the project or group: `-/tree`; absolute for the other areas: `/admin/users`. */
  path: string;
}

export const PROJECT_NAV = [
  { key: 'overview', label: 'Project overview', icon: 'project', path: '' },
  { key: 'issues', label: 'Issues', icon: 'issues', path: '-/issues' },
  { key: 'files', label: 'Repository', icon: 'doc-code', path: '-/tree' },
  { key: 'commits', label: 'Commits', icon: 'commit', path: '-/commits' },
  { key: 'branches', label: 'Branches', icon: 'branch', path: '-/branches' },
  { key: 'tags', label: 'Tags', icon: 'tag', path: '-/tags' },
  { key: 'labels', label: 'Labels', icon: 'labels', path: '-/labels' },
  { key: 'milestones', label: 'Milestones', icon: 'milestone', path: '-/milestones' },
  { key: 'members', label: 'Members', icon: 'users', path: '-/project_members' },
  { key: 'settings', label: 'Settings', icon: 'settings', path: '-/settings/general' },
] as const satisfies readonly NavItem[];
export type ProjectNavKey = (typeof PROJECT_NAV)[number]['key'];

export const GROUP_NAV = [
  { key: 'overview', label: 'Group overview', icon: 'group', path: '' },
  { key: 'epics', label: 'Epics', icon: 'epic', path: '-/epics' },
  { key: 'members', label: 'Members', icon: 'users', path: '-/group_members' },
] as const satisfies readonly NavItem[];
export type GroupNavKey = (typeof GROUP_NAV)[number]['key'];

export const USER_SETTINGS_NAV = [
  { key: 'profile', label: 'Edit profile', icon: 'profile', path: '/-/user_settings/profile' },
  { key: 'tokens', label: 'Access tokens', icon: 'token', path: '/-/user_settings/personal_access_tokens' },
  { key: 'preferences', label: 'Preferences', icon: 'preferences', path: '/-/profile/preferences' },
] as const satisfies readonly NavItem[];
export type UserSettingsNavKey = (typeof USER_SETTINGS_NAV)[number]['key'];

export const ADMIN_NAV = [
  { key: 'overview', label: 'Admin area', icon: 'admin', path: '/admin' },
  { key: 'users', label: 'Users', icon: 'users', path: '/admin/users' },
  { key: 'broadcast_messages', label: 'Messages', icon: 'bullhorn', path: '/admin/broadcast_messages' },
  { key: 'settings', label: 'Settings', icon: 'settings', path: '/admin/application_settings/general' },
] as const satisfies readonly NavItem[];
export type AdminNavKey = (typeof ADMIN_NAV)[number]['key'];
