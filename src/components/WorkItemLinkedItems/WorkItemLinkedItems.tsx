import clsx from 'clsx';
import { useState, type FormEvent } from 'react';
import {
  WORK_ITEM_LINK_TYPES,
  WORK_ITEM_TYPES,
  type WorkItemLinkType,
  type WorkItemTypeName,
} from '../../utils/workItems';
import { Button } from '../Button';
import { Counter } from '../Counter';
import { Icon } from '../Icon';
import { showToast } from '../Toast';
import { WorkItemCard, type WorkItemCardProps } from '../WorkItemChildren/WorkItemCard';
import { WorkItemRow } from '../WorkItemChildren/WorkItemRow';
import { WorkItemSearch } from '../WorkItemChildren/WorkItemSearch';
import { typeText, type WorkItemLinkItem } from '../WorkItemChildren/workItemLinks';
import './WorkItemLinkedItems.css';

/** GitLab's linked-items widget texts (`work_item_relationships/`). */
export const WORK_ITEM_LINKED_ITEMS_TEXTS = {
  title: 'Linked items',
  empty: "Link items together to show that they're related or that one is blocking others.",
  add: 'Add',
  cancel: 'Cancel',
  searchLabel: 'the following items',
  addError: 'Something went wrong when trying to link a item. Please try again.',
  removeError: 'Something went wrong when removing item. Please refresh this page.',
  removed: 'Linked item removed',
  remove: 'Remove',
  /** The group headings, by GraphQL link type, in GitLab's order. */
  groups: { BLOCKS: 'Blocking', BLOCKED_BY: 'Blocked by', RELATED: 'Related to' },
} as const satisfies { groups: Record<WorkItemLinkType, string> } & Record<string, unknown>;

const GROUP_ORDER = Object.keys(WORK_ITEM_LINKED_ITEMS_TEXTS.groups) as WorkItemLinkType[];

/** 'Issue has 3 linked items': the count's accessible name (GitLab's `countBadgeAriaLabel`). */
export function linkedItemsCountLabel(typeLabel: string, count: number): string {
  return count === 1 ? `${typeLabel} has 1 linked item` : `${typeLabel} has ${count} linked items`;
}

/** The form's legend: 'The current issue'. */
export function currentItemLabel(type: WorkItemTypeName): string {
  return `The current ${typeText(type)}`;
}

/** A link from this work item to another (GitLab's `LinkedWorkItemType`). */
export interface WorkItemLinkedItem {
  linkType: WorkItemLinkType;
  workItem: WorkItemLinkItem;
}

export interface WorkItemLinkedItemsProps extends Pick<
  WorkItemCardProps,
  'headingLevel' | 'open' | 'defaultOpen' | 'onOpenChange' | 'className' | 'style'
> {
  /** The work item's own type: names it in the count and the form. */
  workItemType: WorkItemTypeName;
  items: readonly WorkItemLinkedItem[];
  /** May the user add and remove links (GitLab's `canAdminWorkItemLink`)? @default false */
  canUpdate?: boolean;
  /** @default false */
  isLoading?: boolean;
  /** A failed fetch. */
  error?: string | null;
  /** Finds items to link. */
  onSearch?: (query: string) => Promise<readonly WorkItemLinkItem[]>;
  /** Links items (at most 10 at a time); they are listed once it resolves. */
  onAdd?: (linkType: WorkItemLinkType, items: WorkItemLinkItem[]) => Promise<void>;
  /** Removes a link (optimistic: it comes back if this rejects). */
  onRemove?: (item: WorkItemLinkedItem) => Promise<void>;
}

/**
 * The linked-items widget of a work item: links grouped as blocking, blocked by and related to,
 * a count, a form to link up to 10 items at a time with the link type chosen by radio buttons,
 * and removal with GitLab's texts.
 */
export function WorkItemLinkedItems({
  workItemType,
  items,
  canUpdate = false,
  isLoading = false,
  error: fetchError,
  onSearch,
  onAdd,
  onRemove,
  className,
  ...cardProps
}: WorkItemLinkedItemsProps) {
  const [links, setLinks] = useState(items);
  const [syncedItems, setSyncedItems] = useState(items);
  if (syncedItems !== items) {
    setSyncedItems(items);
    setLinks(items);
  }
  const [error, setError] = useState<string | null>(null);
  const [isFormOpen, setFormOpen] = useState(false);
  const typeLabel = WORK_ITEM_TYPES[workItemType].label;

  const remove = async (link: WorkItemLinkedItem) => {
    const before = links;
    setLinks(links.filter((other) => other !== link));
    try {
      await onRemove?.(link);
    } catch {
      setLinks(before);
      setError(WORK_ITEM_LINKED_ITEMS_TEXTS.removeError);
      return;
    }
    showToast(WORK_ITEM_LINKED_ITEMS_TEXTS.removed);
  };

  return (
    <WorkItemCard
      {...cardProps}
      className={clsx('fk-work-item-linked-items', className)}
      data-component="WorkItemLinkedItems"
      title={WORK_ITEM_LINKED_ITEMS_TEXTS.title}
      counts={<Counter count={links.length} label={(_, count) => linkedItemsCountLabel(typeLabel, count)} />}
      isLoading={isLoading}
      error={error ?? fetchError}
      onDismissError={error ? () => setError(null) : undefined}
      empty={!isLoading && links.length === 0 && !isFormOpen ? WORK_ITEM_LINKED_ITEMS_TEXTS.empty : undefined}
      actions={
        canUpdate && onSearch ? (
          <Button onClick={() => setFormOpen(true)} aria-expanded={isFormOpen}>
            {WORK_ITEM_LINKED_ITEMS_TEXTS.add}
          </Button>
        ) : null
      }
      form={
        isFormOpen && onSearch ? (
          <AddLinksForm
            workItemType={workItemType}
            excludeIds={links.map((link) => link.workItem.id)}
            onSearch={onSearch}
            onCancel={() => setFormOpen(false)}
            onSubmit={async (linkType, picked) => {
              await onAdd?.(linkType, picked);
              // Without those already listed: the page may have re-read the links before this resolved.
              setLinks((current) => [
                ...current,
                ...picked
                  .filter((workItem) => !current.some((link) => link.workItem.id === workItem.id))
                  .map((workItem) => ({ linkType, workItem })),
              ]);
              setFormOpen(false);
            }}
          />
        ) : null
      }
    >
      {GROUP_ORDER.map((linkType) => {
        const group = links.filter((link) => link.linkType === linkType);
        if (group.length === 0) return null;
        const heading = WORK_ITEM_LINKED_ITEMS_TEXTS.groups[linkType];
        return (
          <div key={linkType} className="fk-work-item-linked-items__group">
            <h3 className="fk-work-item-linked-items__heading">
              {heading} <Counter count={group.length} />
            </h3>
            <ul className="fk-work-item-linked-items__list" aria-label={heading}>
              {group.map((link) => (
                <WorkItemRow
                  key={link.workItem.id}
                  item={link.workItem}
                  actions={
                    canUpdate ? (
                      <Button
                        className="fk-work-item-linked-items__remove"
                        aria-label={`${WORK_ITEM_LINKED_ITEMS_TEXTS.remove} ${link.workItem.title}`}
                        onClick={() => void remove(link)}
                      >
                        <Icon name="close" />
                      </Button>
                    ) : null
                  }
                />
              ))}
            </ul>
          </div>
        );
      })}
    </WorkItemCard>
  );
}

interface AddLinksFormProps {
  workItemType: WorkItemTypeName;
  excludeIds: readonly string[];
  onSearch: (query: string) => Promise<readonly WorkItemLinkItem[]>;
  onSubmit: (linkType: WorkItemLinkType, items: WorkItemLinkItem[]) => Promise<void>;
  onCancel: () => void;
}

/** The link type (radio buttons, 'relates to' first) and the items to link. */
function AddLinksForm({ workItemType, excludeIds, onSearch, onSubmit, onCancel }: AddLinksFormProps) {
  const [linkType, setLinkType] = useState<WorkItemLinkType>('RELATED');
  const [picked, setPicked] = useState<WorkItemLinkItem[]>([]);
  const [isSubmitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (picked.length === 0) return;
    setSubmitting(true);
    setError(null);
    try {
      await onSubmit(linkType, picked);
    } catch {
      setError(WORK_ITEM_LINKED_ITEMS_TEXTS.addError);
      setSubmitting(false);
    }
  };
  return (
    <form className="fk-work-item-linked-items__form" onSubmit={submit} aria-label={WORK_ITEM_LINKED_ITEMS_TEXTS.title}>
      {error ? (
        <p role="alert" className="fk-work-item-linked-items__error">
          {error}
        </p>
      ) : null}
      <fieldset className="fk-work-item-linked-items__types">
        <legend>{currentItemLabel(workItemType)}</legend>
        {WORK_ITEM_LINK_TYPES.map((type) => (
          <label key={type.graphql} className="fk-work-item-linked-items__radio">
            <input
              type="radio"
              name="linkType"
              value={type.graphql}
              checked={linkType === type.graphql}
              onChange={() => setLinkType(type.graphql)}
            />
            {type.label}
          </label>
        ))}
      </fieldset>
      <WorkItemSearch
        label={WORK_ITEM_LINKED_ITEMS_TEXTS.searchLabel}
        value={picked}
        onChange={setPicked}
        onSearch={onSearch}
        excludeIds={excludeIds}
      />
      <div className="fk-work-item-linked-items__form-actions">
        <Button type="submit" variant="confirm" disabled={picked.length === 0 || isSubmitting}>
          {WORK_ITEM_LINKED_ITEMS_TEXTS.add}
        </Button>
        <Button onClick={onCancel}>{WORK_ITEM_LINKED_ITEMS_TEXTS.cancel}</Button>
      </div>
    </form>
  );
}
