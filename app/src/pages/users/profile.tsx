/**
 * A user's profile (GitLab's `users:show` and its tabs): the header (avatar, name, @username,
 * status with its emoji and 'Busy', bio, follow button), then one tab's content. Each tab is its
 * own page at GitLab's URL (`/{username}`, `/users/{username}/activity`, `.../projects`,
 * `.../followers`, `.../following`), so the tab strip navigates and the lists paginate with the
 * REST pagination headers.
 */
import {
  Alert,
  Avatar,
  Badge,
  Button,
  PageHeader,
  ProjectList,
  ScrollableTabs,
  TimeAgo,
  userLinkAttributes,
} from 'forgekit';
import {
  api,
  followUser,
  parsePageInfo,
  unfollowUser,
  type PageInfo,
  type Project,
  type User,
  type UserBasic,
  type UserStatus,
} from 'forgekit/client';
import { USER_POPOVER_TEXTS } from 'forgekit/markdown';
import { createElement, useEffect, useState } from 'react';
import { data as response, useLoaderData, useNavigate, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { BasicLayout } from '../../layout/layouts.tsx';
import { useUrl } from '../../layout/urls.ts';
import { clientFor, getOrNull } from '../../page.ts';
import { toProjectListItem } from '../projectsList.ts';
import { useRootData } from '../../root.tsx';
import { ListPagination, requestedPage } from '../../layout/ListPagination.tsx';
import { serverMessage } from './serverMessage.ts';

/** The profile's tabs: key, label, page id and URL suffix (none for the overview at `/{username}`). */
export const PROFILE_TABS = [
  { key: 'overview', label: 'Overview', pageId: 'users:show' },
  { key: 'activity', label: 'Activity', pageId: 'users:activity' },
  { key: 'projects', label: 'Personal projects', pageId: 'users:projects' },
  { key: 'followers', label: 'Followers', pageId: 'users:followers' },
  { key: 'following', label: 'Following', pageId: 'users:following' },
] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number]['key'];

/** The profile's texts (GitLab's; the follow errors and 'Busy' are the spec's, from the user popover). */
export const PROFILE_TEXT = {
  tabs: 'Profile tabs',
  recentActivity: 'Recent activity',
  noActivity: "This user doesn't have any activity yet.",
  noProjects: "This user doesn't have any personal projects.",
  noFollowers: "This user doesn't have any followers.",
  notFollowing: "This user isn't following anyone.",
  blocked: USER_POPOVER_TEXTS.blocked,
  busy: USER_POPOVER_TEXTS.busy,
  follow: USER_POPOVER_TEXTS.follow,
  unfollow: USER_POPOVER_TEXTS.unfollow,
  followError: USER_POPOVER_TEXTS.followError,
  unfollowError: USER_POPOVER_TEXTS.unfollowError,
  memberSince: 'Member since',
} as const;

/** Events on the overview (GitLab shows the latest few there, all of them on Activity). */
export const OVERVIEW_EVENTS = 10;
const NOT_FOUND = 404;
/** Size of the avatar in the profile header. */
const HEADER_AVATAR_SIZE = 96;
/** Size of the avatars in the follower lists. */
const LIST_AVATAR_SIZE = 32;

/** One entry of `GET /users/:id/events` (GitLab's `Event` entity, the fields shown here). */
export interface UserEvent {
  id: number;
  /** Who acted (GitLab's `UserBasic`). */
  author: Pick<UserBasic, 'id' | 'username' | 'name'>;
  action_name: string;
  target_type: string | null;
  target_title: string | null;
  created_at: string;
}

/** What a tab lists, with the pagination of its REST answer. */
export type ProfileContent =
  | { tab: 'overview'; events: UserEvent[]; projects: Project[] }
  | { tab: 'activity'; events: UserEvent[]; pageInfo: PageInfo }
  | { tab: 'projects'; projects: Project[]; pageInfo: PageInfo }
  | { tab: 'followers' | 'following'; users: UserBasic[]; pageInfo: PageInfo };

export interface ProfileData {
  user: User;
  status: UserStatus | null;
  content: ProfileContent;
}

/** The product path of a user's tab. */
export function profileTabPath(username: string, tab: ProfileTab): string {
  return tab === 'overview' ? `/${username}` : `/users/${username}/${tab}`;
}

/** The profile of `username` with `tab`'s content, or `null` when there is no such user. */
export async function loadProfile(
  args: LoaderFunctionArgs,
  username: string,
  tab: ProfileTab,
): Promise<ProfileData | null> {
  const client = clientFor(args);
  const { data: found } = await client.get<UserBasic[]>(api`/users`, { params: { username } });
  if (!found[0]) return null;
  const id = found[0].id;
  const page = requestedPage(args.request);
  const [user, status, content] = await Promise.all([
    client.get<User>(api`/users/${id}`).then((response) => response.data),
    getOrNull<UserStatus>(client, api`/users/${id}/status`),
    loadContent(args, id, tab, page),
  ]);
  return { user, status, content };
}

async function loadContent(args: LoaderFunctionArgs, id: number, tab: ProfileTab, page: number) {
  const client = clientFor(args);
  const list = async <T,>(url: string, params: Record<string, number> = { page }) => {
    const response = await client.get<T[]>(url, { params });
    return { items: response.data, pageInfo: parsePageInfo(response.headers) };
  };
  switch (tab) {
    case 'overview': {
      const [events, projects] = await Promise.all([
        list<UserEvent>(api`/users/${id}/events`, { per_page: OVERVIEW_EVENTS }),
        list<Project>(api`/users/${id}/projects`, {}),
      ]);
      return { tab, events: events.items, projects: projects.items } satisfies ProfileContent;
    }
    case 'activity': {
      const { items, pageInfo } = await list<UserEvent>(api`/users/${id}/events`);
      return { tab, events: items, pageInfo } satisfies ProfileContent;
    }
    case 'projects': {
      const { items, pageInfo } = await list<Project>(api`/users/${id}/projects`);
      return { tab, projects: items, pageInfo } satisfies ProfileContent;
    }
    default: {
      const url = tab === 'followers' ? api`/users/${id}/followers` : api`/users/${id}/following`;
      const { items, pageInfo } = await list<UserBasic>(url);
      return { tab, users: items, pageInfo } satisfies ProfileContent;
    }
  }
}

/** The status emoji, drawn by the library's `<gl-emoji>` element once the emoji map loads. */
function StatusEmoji({ name }: { name: string }) {
  // The element's code and the emoji store load after hydration: the emoji is drawn then anyway.
  useEffect(() => {
    void import('forgekit/emoji').then(({ defineGlEmoji }) => defineGlEmoji());
  }, []);
  return createElement('gl-emoji', {
    'data-name': name,
    'aria-hidden': 'true',
    dangerouslySetInnerHTML: { __html: '' },
    suppressHydrationWarning: true,
  });
}

/**
 * Follow or Unfollow, with the spec's error (or the server's message) when it fails. The new
 * state shows at once; the page's data is not reloaded (a bare `/{username}` would be resolved
 * again through the project and group lookups).
 */
function FollowButton({
  user,
  isFollowed,
  onChange,
}: {
  user: User;
  isFollowed: boolean;
  onChange: (isFollowed: boolean) => void;
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function toggle() {
    setPending(true);
    setError(null);
    try {
      await (isFollowed ? unfollowUser : followUser)(user.id);
      onChange(!isFollowed);
    } catch (failure) {
      setError(serverMessage(failure, isFollowed ? PROFILE_TEXT.unfollowError : PROFILE_TEXT.followError));
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <Button variant={isFollowed ? 'default' : 'confirm'} onClick={toggle} disabled={pending}>
        {isFollowed ? PROFILE_TEXT.unfollow : PROFILE_TEXT.follow}
      </Button>
      {error ? <Alert variant="danger">{error}</Alert> : null}
    </>
  );
}

/** A list of events, newest first, or the empty message. */
export function EventList({ events }: { events: UserEvent[] }) {
  const url = useUrl();
  if (events.length === 0) return <p>{PROFILE_TEXT.noActivity}</p>;
  return (
    <ul>
      {events.map((event) => (
        <li key={event.id}>
          <a href={url(`/${event.author.username}`)} {...userLinkAttributes(event.author)}>
            {event.author.name}
          </a>{' '}
          {[event.action_name, event.target_type, event.target_title].filter(Boolean).join(' ')}{' '}
          <TimeAgo date={event.created_at} />
        </li>
      ))}
    </ul>
  );
}

/** A list of projects (the library's ProjectList), or the empty message. */
export function ProjectItems({ projects, label }: { projects: Project[]; label: string }) {
  const url = useUrl();
  return (
    <ProjectList
      label={label}
      items={projects.map((project) => toProjectListItem(project, url(`/${project.path_with_namespace}`)))}
      empty={PROFILE_TEXT.noProjects}
    />
  );
}

function UserItems({ users, empty }: { users: UserBasic[]; empty: string }) {
  const url = useUrl();
  if (users.length === 0) return <p>{empty}</p>;
  return (
    <ul>
      {users.map((user) => (
        <li key={user.id}>
          <a href={url(`/${user.username}`)} {...userLinkAttributes(user)}>
            <Avatar
              entityId={user.id}
              entityName={user.name}
              src={user.avatar_url ?? undefined}
              alt=""
              size={LIST_AVATAR_SIZE}
            />{' '}
            {user.name}
          </a>{' '}
          @{user.username}
        </li>
      ))}
    </ul>
  );
}

function TabContent({ content }: { content: ProfileContent }) {
  switch (content.tab) {
    case 'overview':
      return (
        <>
          <h2>{PROFILE_TEXT.recentActivity}</h2>
          <EventList events={content.events} />
          <h2>{PROFILE_TAB_LABEL.projects}</h2>
          <ProjectItems projects={content.projects} label={PROFILE_TAB_LABEL.projects} />
        </>
      );
    case 'activity':
      return (
        <>
          <EventList events={content.events} />
          <ListPagination pageInfo={content.pageInfo} />
        </>
      );
    case 'projects':
      return (
        <>
          <ProjectItems projects={content.projects} label={PROFILE_TAB_LABEL.projects} />
          <ListPagination pageInfo={content.pageInfo} />
        </>
      );
    default:
      return (
        <>
          <UserItems
            users={content.users}
            empty={content.tab === 'followers' ? PROFILE_TEXT.noFollowers : PROFILE_TEXT.notFollowing}
          />
          <ListPagination pageInfo={content.pageInfo} />
        </>
      );
  }
}

const PROFILE_TAB_LABEL = Object.fromEntries(PROFILE_TABS.map((tab) => [tab.key, tab.label])) as Record<
  ProfileTab,
  string
>;

/** The profile page: header, tab strip and the current tab's content (its state is per user). */
export function ProfileView({ data }: { data: ProfileData }) {
  return <Profile key={data.user.id} data={data} />;
}

function Profile({ data }: { data: ProfileData }) {
  const { user, status, content } = data;
  const { currentUser } = useRootData();
  const navigate = useNavigate();
  const isBlocked = user.state === 'blocked';
  const isBusy = status?.availability === 'busy';
  // Spec section 6: no follow button for oneself, blocked users, or anonymous visitors.
  const canFollow = Boolean(currentUser) && currentUser?.id !== user.id && !isBlocked;
  const revalidator = useRevalidator();
  const [isFollowed, setFollowed] = useState(Boolean(user.is_followed));
  // The loaded count, plus the visitor's follow since it loaded.
  const followers = user.followers + Number(isFollowed) - Number(Boolean(user.is_followed));
  const counts: Partial<Record<ProfileTab, number>> = { followers, following: user.following };
  const changeFollow = (next: boolean) => {
    setFollowed(next);
    // The followers list itself changed: reload it (a static route, unlike the bare `/{username}`).
    if (content.tab === 'followers') void revalidator.revalidate();
  };

  return (
    <BasicLayout title={`${user.name} (@${user.username})`}>
      <PageHeader
        title={user.name}
        avatar={
          <Avatar
            entityId={user.id}
            entityName={user.name}
            src={user.avatar_url ?? undefined}
            alt=""
            size={HEADER_AVATAR_SIZE}
          />
        }
        badges={
          <>
            {isBusy ? <Badge variant="warning">{PROFILE_TEXT.busy}</Badge> : null}
            {isBlocked ? <Badge variant="danger">{PROFILE_TEXT.blocked}</Badge> : null}
          </>
        }
        description={
          <>
            <span>@{user.username}</span>
            {status?.emoji || status?.message ? (
              <span>
                {' · '}
                {status.emoji ? <StatusEmoji name={status.emoji} /> : null} {status.message}
              </span>
            ) : null}
          </>
        }
        actions={canFollow ? <FollowButton user={user} isFollowed={isFollowed} onChange={changeFollow} /> : null}
      />
      {!isBlocked && user.bio ? <p>{user.bio}</p> : null}
      <p>
        {PROFILE_TEXT.memberSince} <TimeAgo date={user.created_at} />
      </p>
      <ScrollableTabs
        label={PROFILE_TEXT.tabs}
        activation="manual"
        selectedKey={content.tab}
        onSelectionChange={(key) => navigate(profileTabPath(user.username, key as ProfileTab))}
        items={PROFILE_TABS.map((tab) => ({
          id: tab.key,
          label: counts[tab.key] === undefined ? tab.label : `${tab.label} ${counts[tab.key]}`,
          content: tab.key === content.tab ? <TabContent content={content} /> : null,
        }))}
      />
    </BasicLayout>
  );
}

/** A tab's page module (`loader` and `Component`) at `/users/{username}/{tab}`. */
export function profileTabPage(tab: Exclude<ProfileTab, 'overview'>) {
  async function loader(args: LoaderFunctionArgs): Promise<ProfileData> {
    const profile = await loadProfile(args, args.params.username ?? '', tab);
    if (!profile) throw response(null, { status: NOT_FOUND });
    return profile;
  }
  function Component() {
    return <ProfileView data={useLoaderData<typeof loader>()} />;
  }
  return { loader, Component };
}
