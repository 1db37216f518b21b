import { useEffect, useId, useState, type FormEvent } from 'react';
import { Alert } from '../Alert';
import { Avatar } from '../Avatar';
import { Modal } from '../Modal';
import { showToast } from '../Toast';
import { INVITE_MEMBERS_TEXTS } from './inviteMembersTexts';
import './InviteMembersModal.css';

/** GitLab's roles a member can be invited with, by access level (Guest is the default). */
export const INVITE_MEMBERS_ROLES = [
  { accessLevel: 10, name: 'Guest' },
  { accessLevel: 20, name: 'Reporter' },
  { accessLevel: 30, name: 'Developer' },
  { accessLevel: 40, name: 'Maintainer' },
  { accessLevel: 50, name: 'Owner' },
] as const;

/** The role selected at first. */
export const INVITE_MEMBERS_DEFAULT_ACCESS_LEVEL = INVITE_MEMBERS_ROLES[0].accessLevel;

/** Delay (ms) between the last keystroke and the user search. */
export const INVITE_MEMBERS_SEARCH_DELAY = 250;

/** A user the search found. */
export interface InvitableUser {
  id: number;
  username: string;
  name: string;
  avatarUrl?: string;
}

/** What `invite` is asked to do. */
export interface MemberInvitation {
  userIds: number[];
  accessLevel: number;
  /** `YYYY-MM-DD`, when the access ends. */
  expiresAt?: string;
}

export interface InviteMembersModalProps {
  /** The project's or group's name, in the introduction. */
  name: string;
  /** @default 'project' */
  sourceType?: 'project' | 'group';
  /** Finds users for the search text (the users adapter's `GET users.json?search=`). */
  searchUsers: (search: string) => Promise<InvitableUser[]>;
  /** Adds the members; a rejection shows its message (or the default error) in the modal. */
  invite: (invitation: MemberInvitation) => Promise<void>;
  /** Called after a successful invitation (the modal closes and a toast says so). */
  onInvited?: () => void;
  /** Whether the modal is shown (controlled). */
  open?: boolean;
  /** @default false */
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
}

function errorMessage(error: unknown): string {
  const body = (error as { body?: { message?: unknown } } | null)?.body;
  if (body && typeof body.message === 'string' && body.message.trim()) return body.message;
  return INVITE_MEMBERS_TEXTS.error;
}

/**
 * The invite-members modal: search users by username, name or email, pick one or more, choose a
 * role (Guest, Reporter, Developer, Maintainer, Owner) and an optional access expiration date,
 * then invite. Success closes the modal with a toast; a failure stays in the modal with the
 * server's message. Data comes through `searchUsers` and `invite`.
 */
export function InviteMembersModal({
  name,
  sourceType = 'project',
  searchUsers,
  invite,
  onInvited,
  open,
  defaultOpen = false,
  onOpenChange,
}: InviteMembersModalProps) {
  const [isOpenState, setOpenState] = useState(defaultOpen);
  const isOpen = open ?? isOpenState;
  const setOpen = (next: boolean) => {
    if (open === undefined) setOpenState(next);
    onOpenChange?.(next);
  };
  const [search, setSearch] = useState('');
  const [results, setResults] = useState<InvitableUser[] | null>(null);
  const [selected, setSelected] = useState<InvitableUser[]>([]);
  const [accessLevel, setAccessLevel] = useState<number>(INVITE_MEMBERS_DEFAULT_ACCESS_LEVEL);
  const [expiresAt, setExpiresAt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  const ids = useId();

  useEffect(() => {
    const text = search.trim();
    if (!text) return;
    let isCurrent = true;
    const timer = setTimeout(() => {
      searchUsers(text).then(
        (users) => isCurrent && setResults(users),
        () => isCurrent && setResults([]),
      );
    }, INVITE_MEMBERS_SEARCH_DELAY);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [search, searchUsers]);

  const reset = () => {
    setSearch('');
    setResults(null);
    setSelected([]);
    setAccessLevel(INVITE_MEMBERS_DEFAULT_ACCESS_LEVEL);
    setExpiresAt('');
    setError(null);
  };

  const toggle = (user: InvitableUser, isChecked: boolean) =>
    setSelected((current) =>
      isChecked ? [...current.filter(({ id }) => id !== user.id), user] : current.filter(({ id }) => id !== user.id),
    );

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (isPending) return;
    if (selected.length === 0) {
      setError(INVITE_MEMBERS_TEXTS.noUsers);
      return;
    }
    setPending(true);
    setError(null);
    try {
      await invite({ userIds: selected.map(({ id }) => id), accessLevel, expiresAt: expiresAt || undefined });
      setOpen(false);
      reset();
      showToast(INVITE_MEMBERS_TEXTS.success);
      onInvited?.();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  }

  const formId = `${ids}-form`;
  // Results belong to the text searched: none while the field is empty.
  const shownResults = search.trim() ? results : null;
  return (
    <Modal
      className="fk-invite-members-modal"
      data-component="InviteMembersModal"
      title={INVITE_MEMBERS_TEXTS.title}
      description={INVITE_MEMBERS_TEXTS.intro(name, sourceType)}
      open={isOpen}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
      actionCancel={{ text: INVITE_MEMBERS_TEXTS.cancel }}
      actionPrimary={{
        text: INVITE_MEMBERS_TEXTS.invite,
        isDisabled: isPending,
        onClick: (event) => {
          // The modal stays open while the invitation is sent; success closes it.
          event.preventDefault();
          void submit();
        },
      }}
    >
      <form id={formId} className="fk-invite-members-modal__form" onSubmit={(event) => void submit(event)}>
        {error ? (
          <Alert variant="danger" isDismissible={false}>
            {error}
          </Alert>
        ) : null}
        <div className="fk-invite-members-modal__field">
          <label htmlFor={`${ids}-search`}>{INVITE_MEMBERS_TEXTS.search}</label>
          <input
            id={`${ids}-search`}
            className="fk-invite-members-modal__input"
            type="search"
            autoComplete="off"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        {selected.length ? (
          <ul className="fk-invite-members-modal__selected" aria-label={INVITE_MEMBERS_TEXTS.selected}>
            {selected.map((user) => (
              <li key={user.id} className="fk-invite-members-modal__token" data-component="InviteMembersModal.Token">
                {user.name}
                <button
                  type="button"
                  className="fk-invite-members-modal__remove"
                  aria-label={INVITE_MEMBERS_TEXTS.remove(user.name)}
                  onClick={() => toggle(user, false)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {shownResults ? (
          shownResults.length ? (
            <fieldset className="fk-invite-members-modal__results">
              <legend>{INVITE_MEMBERS_TEXTS.results}</legend>
              {shownResults.map((user) => (
                <label key={user.id} className="fk-invite-members-modal__result">
                  <input
                    type="checkbox"
                    checked={selected.some(({ id }) => id === user.id)}
                    onChange={(event) => toggle(user, event.target.checked)}
                  />
                  <Avatar entityId={user.id} entityName={user.name} src={user.avatarUrl} alt="" size={24} />
                  <span>
                    {user.name} <span className="fk-invite-members-modal__username">@{user.username}</span>
                  </span>
                </label>
              ))}
            </fieldset>
          ) : (
            <p role="status">{INVITE_MEMBERS_TEXTS.noResults}</p>
          )
        ) : null}
        <div className="fk-invite-members-modal__field">
          <label htmlFor={`${ids}-role`}>{INVITE_MEMBERS_TEXTS.role}</label>
          <select
            id={`${ids}-role`}
            className="fk-invite-members-modal__input"
            value={accessLevel}
            onChange={(event) => setAccessLevel(Number(event.target.value))}
          >
            {INVITE_MEMBERS_ROLES.map((role) => (
              <option key={role.accessLevel} value={role.accessLevel}>
                {role.name}
              </option>
            ))}
          </select>
        </div>
        <div className="fk-invite-members-modal__field">
          <label htmlFor={`${ids}-expires`}>{INVITE_MEMBERS_TEXTS.expiresAt}</label>
          <input
            id={`${ids}-expires`}
            className="fk-invite-members-modal__input"
            type="date"
            value={expiresAt}
            onChange={(event) => setExpiresAt(event.target.value)}
          />
        </div>
      </form>
    </Modal>
  );
}
