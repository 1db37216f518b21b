import { createElement, useState, type ReactNode } from 'react';
import { HttpError } from '../../../client/rest/errors';
import { Avatar } from '../../../components/Avatar';
import { Badge } from '../../../components/Badge';
import { Button } from '../../../components/Button';
import { Icon, type IconName } from '../../../components/Icon';
import { SkeletonLoader } from '../../../components/SkeletonLoader';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { sanitizeHtml } from '../../../utils/sanitize';
import { safeUrl } from '../../../utils/url';
import type { MarkdownViewer } from '../viewer';
import { isViewer, USER_POPOVER_TEXTS, type MentionOptions, type UserPopoverData } from './mentionData';
import { usePopoverResource } from './referencePopoverCard';
import type { PopoverResource } from './popoverResource';

/** Edge length (px) of the avatar in the user popover (one of AVATAR_SIZES). */
export const USER_POPOVER_AVATAR_SIZE = 48;

export interface UserPopoverContentProps {
  /** The user's data, fetched once per page. */
  resource: PopoverResource<UserPopoverData>;
  /** Id of the element naming the popover. */
  titleId: string;
  /** What names the popover until the data is here: the mention's text (`@alice`). */
  fallbackLabel: string;
  /** The signed-in viewer: no follow button on their own popover. */
  currentUser: MarkdownViewer | null;
  /** Follow adapter; without it there is no follow button. */
  follow?: MentionOptions['follow'];
  /** Called with the data after a successful follow or unfollow (to update the page's cache). */
  onFollowChange?: (data: UserPopoverData) => void;
}

/** Spec section 7: the server's message if present, else the fixed text. */
function followErrorMessage(error: unknown): string {
  if (error instanceof HttpError) {
    const body = error.body as { message?: unknown } | null;
    if (body && typeof body.message === 'string' && body.message.trim()) return body.message;
  }
  return USER_POPOVER_TEXTS.followError;
}

function Detail({ icon, label, children }: { icon: IconName; label: string; children: ReactNode }) {
  return (
    <li className="fk-user-popover__detail" data-component="UserPopover.Detail">
      <Icon name={icon} size={16} label={label} className="fk-user-popover__detail-icon" />
      <span>{children}</span>
    </li>
  );
}

function FollowButton({
  user,
  follow,
  onChange,
}: {
  user: UserPopoverData;
  follow: NonNullable<MentionOptions['follow']>;
  onChange: (data: UserPopoverData) => void;
}) {
  const [isPending, setIsPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isFollowed = Boolean(user.isFollowed);
  const toggle = async () => {
    if (isPending) return;
    const next = !isFollowed;
    setIsPending(true);
    setError(null);
    try {
      await follow(user.id, next);
      onChange({ ...user, isFollowed: next });
    } catch (failure) {
      setError(next ? followErrorMessage(failure) : USER_POPOVER_TEXTS.unfollowError);
    } finally {
      setIsPending(false);
    }
  };
  return (
    <>
      {/* aria-disabled, not disabled: a disabled button drops focus, which would close the popover. */}
      <Button
        variant={isFollowed ? 'default' : 'confirm'}
        className="fk-user-popover__follow"
        data-state={isFollowed ? 'followed' : 'not-followed'}
        aria-disabled={isPending || undefined}
        onClick={() => void toggle()}
      >
        {isFollowed ? USER_POPOVER_TEXTS.unfollow : USER_POPOVER_TEXTS.follow}
      </Button>
      {error ? (
        <p role="alert" className="fk-user-popover__error" data-component="UserPopover.Error">
          {error}
        </p>
      ) : null}
    </>
  );
}

function UserDetails({
  user,
  titleId,
  currentUser,
  follow,
  onFollowChange,
}: {
  user: UserPopoverData;
  titleId: string;
  currentUser: MarkdownViewer | null;
  follow: MentionOptions['follow'];
  onFollowChange: (data: UserPopoverData) => void;
}) {
  const isBlocked = user.state === 'blocked';
  const isBusy = user.status?.availability === 'busy';
  const canFollow = Boolean(follow) && !isBlocked && !isViewer(user, currentUser);
  const statusHtml = user.status?.message_html ? sanitizeHtml(user.status.message_html, { profile: 'inline' }) : '';
  const website = user.websiteUrl ? safeUrl(user.websiteUrl) : undefined;
  const avatarSrc = user.avatarUrl ? safeUrl(user.avatarUrl) : undefined;
  return (
    <div
      className="fk-user-popover"
      data-component="UserPopover"
      data-state={isBlocked ? 'blocked' : 'active'}
      data-availability={isBusy ? 'busy' : undefined}
    >
      <div className="fk-user-popover__header">
        <Avatar
          entityId={user.id}
          entityName={user.name || user.username}
          src={avatarSrc && avatarSrc !== 'about:blank' ? avatarSrc : undefined}
          alt=""
          size={USER_POPOVER_AVATAR_SIZE}
          fallbackOnError
        />
        {canFollow ? (
          <div className="fk-user-popover__actions">
            <FollowButton user={user} follow={follow!} onChange={onFollowChange} />
          </div>
        ) : null}
      </div>
      <div className="fk-user-popover__names">
        <span className="fk-user-popover__name-line">
          <strong id={titleId} className="fk-user-popover__name" data-component="UserPopover.Name">
            {user.name || user.username}
          </strong>
          {user.pronouns ? (
            <span className="fk-user-popover__pronouns" data-component="UserPopover.Pronouns">
              <VisuallyHidden>{USER_POPOVER_TEXTS.pronouns}: </VisuallyHidden>({user.pronouns})
            </span>
          ) : null}
          {isBusy ? (
            <Badge variant="warning" size="sm" className="fk-user-popover__busy">
              {USER_POPOVER_TEXTS.busy}
            </Badge>
          ) : null}
          {user.bot ? (
            <Badge variant="neutral" size="sm" className="fk-user-popover__bot">
              {USER_POPOVER_TEXTS.bot}
            </Badge>
          ) : null}
        </span>
        <span className="fk-user-popover__username" data-component="UserPopover.Username">
          @{user.username}
        </span>
      </div>
      {isBlocked ? (
        <p className="fk-user-popover__blocked" data-component="UserPopover.Blocked">
          {USER_POPOVER_TEXTS.blocked}
        </p>
      ) : (
        <>
          {user.status && (user.status.emoji || statusHtml) ? (
            <p className="fk-user-popover__status" data-component="UserPopover.Status">
              <VisuallyHidden>{USER_POPOVER_TEXTS.status}: </VisuallyHidden>
              {user.status.emoji ? createElement('gl-emoji', { 'data-name': user.status.emoji }) : null}
              {statusHtml ? <span dangerouslySetInnerHTML={{ __html: statusHtml }} /> : null}
            </p>
          ) : null}
          {user.bio ? (
            <p className="fk-user-popover__bio" data-component="UserPopover.Bio">
              <VisuallyHidden>{USER_POPOVER_TEXTS.bio}: </VisuallyHidden>
              {user.bio}
            </p>
          ) : null}
          {user.workInformation || user.location || user.localTime || website ? (
            <ul className="fk-user-popover__details">
              {user.workInformation ? (
                <Detail icon="work" label={USER_POPOVER_TEXTS.workInformation}>
                  {user.workInformation}
                </Detail>
              ) : null}
              {user.location ? (
                <Detail icon="location" label={USER_POPOVER_TEXTS.location}>
                  {user.location}
                </Detail>
              ) : null}
              {user.localTime ? (
                <Detail icon="clock" label={USER_POPOVER_TEXTS.localTime}>
                  {user.localTime}
                </Detail>
              ) : null}
              {website && website !== 'about:blank' ? (
                <Detail icon="earth" label={USER_POPOVER_TEXTS.website}>
                  <a href={website} target="_blank" rel="noopener noreferrer">
                    {user.websiteUrl!.replace(/^https?:\/\//, '')}
                  </a>
                </Detail>
              ) : null}
            </ul>
          ) : null}
        </>
      )}
    </div>
  );
}

/**
 * The user popover's body (spec section 3 fields): a skeleton while the data loads, then avatar,
 * name, pronouns, 'Busy' and 'Bot' badges, @username, status, bio, work information, location,
 * local time and website, and the follow button (not on the viewer's own popover nor a blocked
 * user's); a blocked user shows 'User is blocked' instead of the profile.
 */
export function UserPopoverContent({
  resource,
  titleId,
  fallbackLabel,
  currentUser,
  follow,
  onFollowChange,
}: UserPopoverContentProps) {
  const [state, setValue] = usePopoverResource(resource);
  if (state.status === 'pending') {
    return (
      <div className="fk-user-popover" data-component="UserPopover" data-state="loading">
        <VisuallyHidden id={titleId}>{fallbackLabel}</VisuallyHidden>
        <div className="fk-user-popover__loading">
          <span className="fk-user-popover__avatar-placeholder" aria-hidden="true" />
          <SkeletonLoader className="fk-user-popover__skeleton" />
        </div>
      </div>
    );
  }
  if (state.status === 'rejected') {
    return (
      <div className="fk-user-popover" data-component="UserPopover" data-state="error">
        <strong id={titleId} className="fk-user-popover__name">
          {fallbackLabel}
        </strong>
        <p className="fk-user-popover__error" data-component="UserPopover.Error">
          {USER_POPOVER_TEXTS.loadError}
        </p>
      </div>
    );
  }
  return (
    <UserDetails
      user={state.value}
      titleId={titleId}
      currentUser={currentUser}
      follow={follow}
      onFollowChange={(data) => {
        setValue(data);
        onFollowChange?.(data);
      }}
    />
  );
}
