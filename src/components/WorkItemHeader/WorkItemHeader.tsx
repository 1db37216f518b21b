import clsx from 'clsx';
import { useState, type ComponentPropsWithoutRef, type ReactNode, type Ref } from 'react';
import { useHasChanged } from '../../hooks/useHasChanged';
import { lazyModule, useLazyModule } from '../../hooks/useLazyModule';
import type { DateInput } from '../../utils/date';
import {
  confidentialityMessage,
  deleteWorkItemMessage,
  deleteWorkItemWithChildrenMessage,
  WORK_ITEM_STATES,
  WORK_ITEM_TYPES,
  WORK_ITEM_UPDATE_ERROR_MESSAGE,
  workItemCreatedMessage,
  workItemDeletedMessage,
  type WorkItemState,
  type WorkItemTypeName,
} from '../../utils/workItems';
import { Alert } from '../Alert';
import { Badge } from '../Badge';
import { Button } from '../Button';
import { copyToClipboard } from '../ClipboardButton';
import { Icon } from '../Icon';
import { Menu, type MenuEntry, type MenuItemEntry } from '../Menu';
import { TimeAgo } from '../TimeAgo';
import { showToast, type ToastHandle } from '../Toast';
import { Tooltip } from '../Tooltip';
import { WorkItemTypeIcon } from '../WorkItemTypeIcon';
import { VisuallyHidden } from '../VisuallyHidden';
import { interpolate, WORK_ITEM_HEADER_TEXTS as TEXTS, workItemHeaderMessages, workItemTypeText } from './messages';
import { WorkItemTitle } from './WorkItemTitle';
import './WorkItemHeader.css';

/** The delete dialog's code (the modal, its focus scope), loaded when Delete is chosen. */
const deleteDialog = lazyModule(() => import('../Modal/Modal'));

/** A work item's author, as GitLab's `UserCore` gives it. */
export interface WorkItemAuthor {
  name: string;
  /** The author's profile page. */
  webUrl?: string;
}

/** The parent shown above the title (GitLab's hierarchy widget `parent`). */
export interface WorkItemParent {
  title: string;
  /** e.g. `#12` or `group/project#12`. */
  reference: string;
  webUrl: string;
  type: WorkItemTypeName;
}

export interface WorkItemHeaderProps extends Omit<
  ComponentPropsWithoutRef<'header'>,
  'title' | 'children' | 'onError'
> {
  /** The work item's type (`WorkItemType.name`). */
  type: WorkItemTypeName;
  /** The title. */
  title: string;
  /** The short reference, e.g. `#42` (also what 'Copy reference' copies). */
  reference: string;
  /** `OPEN` or `CLOSED`. */
  state: WorkItemState;
  /** @default false */
  isConfidential?: boolean;
  /**
   * Whether the item lives in a project or a group (epics): picks the confidentiality notice.
   * @default 'project'
   */
  namespace?: 'project' | 'group';
  /** The author, shown in 'created {time} by {author}'. @default undefined */
  author?: WorkItemAuthor;
  /** When the item was created. @default undefined */
  createdAt?: DateInput;
  /** The moment relative times count from (a fixed one keeps server render and tests stable). @default now */
  now?: DateInput;
  /** The parent, shown above the title as a link. @default undefined */
  parent?: WorkItemParent;
  /**
   * The parent is confidential: confidentiality cannot be turned off here.
   * @default false
   */
  isParentConfidential?: boolean;
  /**
   * Deleting releases child items: the confirmation says so.
   * @default false
   */
  hasChildren?: boolean;
  /** The address that creates a comment by e-mail: 'Copy {type} email address' copies it. @default undefined */
  createNoteEmail?: string;
  /**
   * Whether the signed-in user gets notifications: the menu's 'Notifications' toggle. Leave it
   * undefined for signed-out users (no toggle).
   * @default undefined
   */
  isSubscribed?: boolean;
  /** The user may edit the title and close or reopen (`updateWorkItem`). @default false */
  canUpdate?: boolean;
  /** The user may change confidentiality and promote (`setWorkItemMetadata`). @default false */
  canSetMetadata?: boolean;
  /** The user may delete the item (`deleteWorkItem`). @default false */
  canDelete?: boolean;
  /** The user may move the item to another project; only issues move (`moveWorkItem`). @default false */
  canMove?: boolean;
  /** Saves a new title. Optimistic: a rejection reverts it and shows the update error. */
  onTitleChange?: (title: string) => Promise<void>;
  /** Closes (`CLOSED`) or reopens (`OPEN`) the item. */
  onStateChange?: (state: WorkItemState) => Promise<void>;
  /** Turns confidentiality on or off. Optimistic, reverted on rejection. */
  onConfidentialChange?: (isConfidential: boolean) => Promise<void>;
  /** Turns notifications on or off. Optimistic, reverted on rejection. */
  onSubscribedChange?: (isSubscribed: boolean) => Promise<void>;
  /** Promotes a key result to an objective; the menu entry shows only for key results. */
  onPromote?: () => Promise<void>;
  /** Opens the page's move dialog; the menu entry shows only for issues with `canMove`. */
  onMove?: () => void;
  /** Deletes the item once the user confirmed; resolving shows the '{Type} deleted' toast. */
  onDelete?: () => Promise<void>;
  /** Told every error message the header shows (for logging or a page-level alert). */
  onError?: (message: string) => void;
  /** More buttons before the actions menu. @default undefined */
  actions?: ReactNode;
  ref?: Ref<HTMLElement>;
}

/** A value shown at once while its save runs; the prop wins again whenever it changes. */
function useOptimistic<T>(prop: T): [T, (value: T) => void] {
  const [value, setValue] = useState(prop);
  if (useHasChanged(prop) && !Object.is(value, prop)) setValue(prop);
  return [value, setValue];
}

/** Shows GitLab's '{Type} created' toast (after creating a work item, e.g. from a modal). */
export function showWorkItemCreatedToast(type: WorkItemTypeName): ToastHandle {
  return showToast(workItemCreatedMessage(WORK_ITEM_TYPES[type].label));
}

/** Shows GitLab's '{Type} deleted' toast (the header does it itself after `onDelete`). */
export function showWorkItemDeletedToast(type: WorkItemTypeName): ToastHandle {
  return showToast(workItemDeletedMessage(WORK_ITEM_TYPES[type].label));
}

/**
 * The top of a work item's page (GitLab's work item header): the parent as a link, the title as
 * the `<h1>` (edited in place with a `TitleField`), the state badge (Open, Closed), the
 * confidential badge with its notice in a tooltip, the type with its icon, the reference and
 * 'created {time} by {author}', the close/reopen button and the 'More actions' menu
 * (notifications, copy reference, copy e-mail address, promote, move, confidentiality, delete
 * after a confirmation). Every change goes through an async callback; changes GitLab makes
 * optimistically show at once and revert with GitLab's error text when the callback rejects.
 */
export function WorkItemHeader({
  type,
  title: titleProp,
  reference,
  state: stateProp,
  isConfidential: confidentialProp = false,
  namespace = 'project',
  author,
  createdAt,
  now,
  parent,
  isParentConfidential = false,
  hasChildren = false,
  createNoteEmail,
  isSubscribed: subscribedProp,
  canUpdate = false,
  canSetMetadata = false,
  canDelete = false,
  canMove = false,
  onTitleChange,
  onStateChange,
  onConfidentialChange,
  onSubscribedChange,
  onPromote,
  onMove,
  onDelete,
  onError,
  actions,
  className,
  ref,
  ...rest
}: WorkItemHeaderProps) {
  const messages = workItemHeaderMessages(type);
  const { issuableType } = WORK_ITEM_TYPES[type];
  const [title, setTitle] = useOptimistic(titleProp);
  const [state, setState] = useOptimistic(stateProp);
  const [isConfidential, setConfidential] = useOptimistic(confidentialProp);
  const [isSubscribed, setSubscribed] = useOptimistic(subscribedProp);
  const [isStatePending, setStatePending] = useState(false);
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  const dialog = useLazyModule(deleteDialog);
  const [error, setError] = useState<string | null>(null);

  const fail = (message: string) => {
    setError(message);
    onError?.(message);
  };

  /** Shows `next` at once and saves it; a rejection puts `previous` back and shows `message`. */
  function optimistic<T>(
    set: (value: T) => void,
    previous: T,
    next: T,
    save: (value: T) => Promise<void>,
    message: string,
  ) {
    set(next);
    setError(null);
    return save(next).then(
      () => true,
      () => {
        set(previous);
        fail(message);
        return false;
      },
    );
  }

  const isOpen = state === WORK_ITEM_STATES.open;
  const toggleState = async () => {
    if (!onStateChange) return;
    setStatePending(true);
    setError(null);
    const next = isOpen ? WORK_ITEM_STATES.closed : WORK_ITEM_STATES.open;
    try {
      await onStateChange(next);
      setState(next);
    } catch {
      fail(messages.updateError);
    } finally {
      setStatePending(false);
    }
  };

  const copy = (text: string, success: string, failure: string) => {
    copyToClipboard(text).then(
      () => showToast(success),
      () => fail(failure),
    );
  };

  const menuItems: MenuEntry[] = [];
  if (subscribedProp !== undefined && onSubscribedChange) {
    menuItems.push(
      {
        key: 'notifications',
        label: TEXTS.notifications,
        icon: isSubscribed ? 'notifications' : 'notifications-off',
        description: isSubscribed ? TEXTS.notificationsOn : TEXTS.notificationsOff,
        onAction: () => {
          const next = !isSubscribed;
          void optimistic(
            setSubscribed,
            isSubscribed,
            next,
            (value) => onSubscribedChange(Boolean(value)),
            messages.updateError,
          ).then((saved) => {
            if (saved) showToast(next ? TEXTS.notificationOnToast : TEXTS.notificationOffToast);
          });
        },
      },
      { type: 'separator', key: 'notifications-separator' },
    );
  }
  const actionItems: MenuItemEntry[] = [];
  if (canSetMetadata && type === 'Key Result' && onPromote) {
    actionItems.push({
      key: 'promote',
      label: TEXTS.promoteToObjective,
      icon: 'level-up',
      onAction: () => {
        onPromote().then(
          () => showToast(TEXTS.promotedToObjective),
          () => fail(messages.promoteError),
        );
      },
    });
  }
  if (canMove && type === 'Issue' && onMove) {
    actionItems.push({ key: 'move', label: TEXTS.move, icon: 'long-arrow', onAction: onMove });
  }
  if (canSetMetadata && onConfidentialChange) {
    actionItems.push({
      key: 'confidentiality',
      label: isConfidential ? TEXTS.disableConfidentiality : TEXTS.enableConfidentiality,
      icon: isConfidential ? 'eye' : 'eye-slash',
      // A child of a confidential parent must stay confidential (spec section 5).
      description: isConfidential && isParentConfidential ? TEXTS.confidentialParent : undefined,
      isDisabled: isConfidential && isParentConfidential,
      onAction: () =>
        void optimistic(setConfidential, isConfidential, !isConfidential, onConfidentialChange, messages.updateError),
    });
  }
  actionItems.push({
    key: 'copy-reference',
    label: TEXTS.copyReference,
    icon: 'copy-to-clipboard',
    onAction: () => copy(reference, TEXTS.referenceCopied, messages.copyReferenceError),
  });
  if (createNoteEmail) {
    actionItems.push({
      key: 'copy-email',
      label: messages.copyEmail,
      icon: 'copy-to-clipboard',
      onAction: () => copy(createNoteEmail, TEXTS.emailAddressCopied, messages.copyEmailError),
    });
  }
  menuItems.push(...actionItems);
  if (canDelete && onDelete) {
    menuItems.push(
      { type: 'separator', key: 'delete-separator' },
      {
        key: 'delete',
        label: messages.delete,
        icon: 'remove',
        onAction: () => void deleteDialog.load().then(() => setDeleteOpen(true)),
      },
    );
  }

  const confirmDelete = () => {
    if (!onDelete) return;
    onDelete().then(
      () => showWorkItemDeletedToast(type),
      () => fail(messages.deleteError),
    );
  };

  const notice = confidentialityMessage({ namespace, issuableType });
  const typeText = workItemTypeText(type);

  return (
    <header
      {...rest}
      ref={ref}
      className={clsx('fk-work-item-header', className)}
      data-component="WorkItemHeader"
      data-state={state === WORK_ITEM_STATES.open ? 'open' : 'closed'}
    >
      {parent ? (
        <nav className="fk-work-item-header__parent" data-component="WorkItemHeader.Parent" aria-label={TEXTS.parent}>
          <a href={parent.webUrl} className="fk-work-item-header__parent-link">
            <WorkItemTypeIcon type={parent.type} size={14} />
            <span className="fk-work-item-header__parent-title">{parent.title}</span>
            <span className="fk-work-item-header__parent-reference">{parent.reference}</span>
          </a>
        </nav>
      ) : null}
      <div className="fk-work-item-header__top">
        <WorkItemTitle
          title={title}
          canUpdate={canUpdate && onTitleChange !== undefined}
          onSave={(next) => {
            if (onTitleChange) void optimistic(setTitle, title, next, onTitleChange, WORK_ITEM_UPDATE_ERROR_MESSAGE);
          }}
        />
        <div className="fk-work-item-header__actions" data-component="WorkItemHeader.Actions">
          {actions}
          {canUpdate && onStateChange ? (
            <Button
              data-component="WorkItemHeader.StateToggle"
              aria-disabled={isStatePending || undefined}
              data-state={isStatePending ? 'pending' : undefined}
              onClick={isStatePending ? undefined : () => void toggleState()}
            >
              {isStatePending
                ? isOpen
                  ? messages.closing
                  : messages.reopening
                : isOpen
                  ? messages.close
                  : messages.reopen}
            </Button>
          ) : null}
          <Menu items={menuItems} placement="bottom-end">
            <Button className="fk-work-item-header__more" aria-label={TEXTS.moreActions}>
              <Icon name="ellipsis_v" />
            </Button>
          </Menu>
        </div>
      </div>
      <div className="fk-work-item-header__meta" data-component="WorkItemHeader.Meta">
        <Badge
          variant={isOpen ? 'open' : 'closed'}
          icon={isOpen ? 'issue-open-m' : 'issue-close'}
          className="fk-work-item-header__state"
        >
          {isOpen ? TEXTS.open : TEXTS.closed}
        </Badge>
        {isConfidential ? (
          <Tooltip content={notice}>
            <Badge variant="warning" icon="eye-slash" className="fk-work-item-header__confidential">
              {TEXTS.confidential}
              {/* Screen readers get the notice with the badge; the tooltip shows it on hover. */}
              <VisuallyHidden>{` ${notice}`}</VisuallyHidden>
            </Badge>
          </Tooltip>
        ) : null}
        <WorkItemTypeIcon type={type} showLabel />
        <span className="fk-work-item-header__reference" data-component="WorkItemHeader.Reference">
          {reference}
        </span>
        {createdAt !== undefined ? (
          <span className="fk-work-item-header__created" data-component="WorkItemHeader.Created">
            {interpolate(author ? TEXTS.createdBy : TEXTS.created, {
              timeAgo: <TimeAgo date={createdAt} now={now} />,
              author: author?.webUrl ? (
                <a href={author.webUrl} className="fk-work-item-header__author">
                  {author.name}
                </a>
              ) : (
                <span className="fk-work-item-header__author">{author?.name}</span>
              ),
            })}
          </span>
        ) : null}
      </div>
      {error ? (
        <Alert
          variant="danger"
          isDismissible
          dismissLabel={TEXTS.dismissError}
          onDismiss={() => setError(null)}
          className="fk-work-item-header__error"
        >
          {error}
        </Alert>
      ) : null}
      {canDelete && onDelete && dialog ? (
        <dialog.Modal
          open={isDeleteOpen}
          onOpenChange={setDeleteOpen}
          title={messages.delete}
          size="sm"
          actionPrimary={{ text: messages.delete, variant: 'danger', onClick: confirmDelete }}
          actionCancel={{ text: TEXTS.cancel }}
          data-component="WorkItemHeader.DeleteModal"
        >
          {hasChildren ? deleteWorkItemWithChildrenMessage(typeText) : deleteWorkItemMessage(typeText)}
        </dialog.Modal>
      ) : null}
    </header>
  );
}
