// The popover UI chunk, loaded on demand by referencePopoverManager (never imported statically by
// the enhancers, so a page's first load carries none of it).
import { createElement } from 'react';
import { ReferencePreviewContent, type ReferencePreviewContentProps } from './referencePopoverContent';
import { UserPopoverContent, type UserPopoverContentProps } from './userPopover';

export { ReferencePopoverCard } from './referencePopoverCard';
export { ReferencePreviewContent, UserPopoverContent };

/** The user popover's body as an element (for the enhancers, which are not JSX modules). */
export function createUserPopoverContent(props: UserPopoverContentProps) {
  return createElement(UserPopoverContent, props);
}

/** A reference preview's body as an element. */
export function createReferencePreviewContent(props: ReferencePreviewContentProps) {
  return createElement(ReferencePreviewContent, props);
}
