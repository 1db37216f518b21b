// GitLab's texts of the work item header and its actions menu (work_items/components/
// work_item_actions.vue, work_item_state_toggle.vue, work_item_created_updated.vue,
// confidentiality_badge.vue), named once. `{type}` is the lower-case type name ('key result').
import { Fragment, type ReactNode } from 'react';
import { ISSUABLE_TYPE_LABELS, WORK_ITEM_TYPES, type WorkItemTypeName } from '../../utils/workItems';

/** The lower-case name GitLab writes into its sentences (`NAME_TO_TEXT_LOWERCASE_MAP`): 'issue', 'key result'. */
export function workItemTypeText(type: WorkItemTypeName): string {
  return ISSUABLE_TYPE_LABELS[WORK_ITEM_TYPES[type].issuableType];
}

/** Fixed texts of the header. */
export const WORK_ITEM_HEADER_TEXTS = {
  open: 'Open',
  closed: 'Closed',
  confidential: 'Confidential',
  editTitle: 'Edit title',
  titleLabel: 'Title',
  save: 'Save',
  cancel: 'Cancel',
  moreActions: 'More actions',
  parent: 'Parent',
  notifications: 'Notifications',
  notificationsOn: 'On',
  notificationsOff: 'Off',
  notificationOnToast: 'Notifications turned on.',
  notificationOffToast: 'Notifications turned off.',
  copyReference: 'Copy reference',
  referenceCopied: 'Reference copied',
  emailAddressCopied: 'Email address copied',
  promoteToObjective: 'Promote to objective',
  promotedToObjective: 'Promoted to objective.',
  move: 'Move',
  enableConfidentiality: 'Turn on confidentiality',
  disableConfidentiality: 'Turn off confidentiality',
  confidentialParent:
    'Child items of a confidential parent must be confidential. Turn off confidentiality on the parent item first.',
  dismissError: 'Dismiss',
  created: 'created %{timeAgo}',
  createdBy: 'created %{timeAgo} by %{author}',
} as const;

/** The texts that name the type: 'Close issue', 'Delete key result', ... */
export const workItemHeaderMessages = (type: WorkItemTypeName) => {
  const t = workItemTypeText(type);
  return {
    close: `Close ${t}`,
    reopen: `Reopen ${t}`,
    closing: `Closing ${t}`,
    reopening: `Reopening ${t}`,
    delete: `Delete ${t}`,
    copyEmail: `Copy ${t} email address`,
    updateError: `Something went wrong while updating the ${t}. Please try again.`,
    deleteError: `Something went wrong when deleting the ${t}. Please try again.`,
    promoteError: `Something went wrong while promoting the ${t}. Please try again.`,
    copyReferenceError: `Something went wrong while copying the ${t} reference. Please try again.`,
    copyEmailError: `Something went wrong while copying the ${t} email address. Please try again.`,
  };
};

/** Fills GitLab's `%{name}` placeholders with React nodes (what `GlSprintf` does). */
export function interpolate(message: string, parts: Readonly<Record<string, ReactNode>>): ReactNode[] {
  return message.split(/%\{(\w+)\}/).map((piece, index) =>
    // Odd pieces are placeholder names.
    index % 2 === 1 ? <Fragment key={index}>{parts[piece]}</Fragment> : piece,
  );
}
