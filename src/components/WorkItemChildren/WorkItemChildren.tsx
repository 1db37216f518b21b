import clsx from 'clsx';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type DragEvent,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import {
  allowedChildTypes,
  WORK_ITEM_STATES,
  WORK_ITEM_TYPE_NAMES,
  WORK_ITEM_TYPES,
  type WorkItemTypeName,
} from '../../utils/workItems';
import { validateTitle } from '../../utils/validation';
import { Button } from '../Button';
import { Counter } from '../Counter';
import { Icon, type IconName } from '../Icon';
import { Menu, type MenuEntry } from '../Menu';
import { SkeletonLoader } from '../SkeletonLoader';
import { TitleField } from '../TitleField';
import { showToast } from '../Toast';
import { VisuallyHidden } from '../VisuallyHidden';
import { WORK_ITEM_CARD_TEXTS, WorkItemCard, type WorkItemCardProps } from './WorkItemCard';
import { WorkItemRow } from './WorkItemRow';
import { WorkItemSearch } from './WorkItemSearch';
import {
  confidentialChildHint,
  existingChildLabel,
  moveItem,
  movedAnnouncement,
  newChildLabel,
  nonConfidentialChildrenMessage,
  reorderInput,
  typeText,
  WORK_ITEM_CHILDREN_TEXTS as TEXTS,
  type WorkItemChild,
  type WorkItemLinkItem,
  type WorkItemReorderInput,
} from './workItemLinks';
import './WorkItemChildren.css';

/** What the create form hands to `onCreate`. */
export interface WorkItemChildInput {
  title: string;
  type: WorkItemTypeName;
  confidential: boolean;
}

export interface WorkItemChildrenProps extends Pick<
  WorkItemCardProps,
  'headingLevel' | 'open' | 'defaultOpen' | 'onOpenChange' | 'className' | 'style'
> {
  /** The parent's type: names the card and decides which child types may be added (spec section 4). */
  parentType: WorkItemTypeName;
  /** The direct children, in their relative order. */
  items: readonly WorkItemChild[];
  /** Under a confidential parent, only confidential children may be added (spec section 5). @default false */
  isParentConfidential?: boolean;
  /** The item's own parent, shown above the tree when given. */
  parent?: WorkItemLinkItem | null;
  /** May the user add, create, remove and reorder children (GitLab's `canUpdateChildren`)? @default false */
  canUpdate?: boolean;
  /** @default false */
  isLoading?: boolean;
  /** A failed fetch of the children. */
  error?: string | null;
  /** Loads a child's own children when its expander is first opened. */
  onLoadChildren?: (item: WorkItemChild) => Promise<readonly WorkItemChild[]>;
  /** Finds existing items of `type` to add. */
  onSearch?: (query: string, type: WorkItemTypeName) => Promise<readonly WorkItemLinkItem[]>;
  /** Adds existing items as children (at most 10 at a time); they are listed once it resolves. */
  onAddExisting?: (items: WorkItemLinkItem[], type: WorkItemTypeName) => Promise<void>;
  /** Creates a child; the child it resolves with is listed. */
  onCreate?: (input: WorkItemChildInput) => Promise<WorkItemChild>;
  /** Removes a child from this parent (optimistic: it comes back if this rejects). */
  onRemove?: (item: WorkItemChild) => Promise<void>;
  /** Puts a removed child back (the Undo of the 'Child removed' toast). */
  onUndoRemove?: (item: WorkItemChild) => Promise<void>;
  /** Moves a child next to a sibling of its type (optimistic: it moves back if this rejects). */
  onReorder?: (item: WorkItemChild, input: WorkItemReorderInput) => Promise<void>;
}

type FormState = { kind: 'create' | 'add'; type: WorkItemTypeName } | null;
/** `added` after `current`, without those already there (the page may have re-read them first). */
function appendNew<T extends { id: string }>(current: readonly T[], added: readonly T[]): T[] {
  return [...current, ...added.filter((item) => !current.some((shown) => shown.id === item.id))];
}

type NestedState = { status: 'loading' | 'loaded' | 'error'; items: readonly WorkItemChild[] };

/** The children grouped by type, types in the order of spec section 3. */
function groupByType(items: readonly WorkItemChild[]): [WorkItemTypeName, WorkItemChild[]][] {
  return WORK_ITEM_TYPE_NAMES.map(
    (type) => [type, items.filter((item) => item.type === type)] as [WorkItemTypeName, WorkItemChild[]],
  ).filter(([, group]) => group.length > 0);
}

/**
 * The hierarchy widget of a work item (GitLab's work item tree): its children grouped by type with
 * counts and the share closed, lazily expandable grandchildren, adding existing children (at most
 * 10 at a time) or creating new ones of the allowed types, removing with Undo, and reordering by
 * drag and drop or from the keyboard (Alt+Arrow keys or the row's Move up / Move down).
 */
export function WorkItemChildren({
  parentType,
  items,
  isParentConfidential = false,
  parent,
  canUpdate = false,
  isLoading = false,
  error: fetchError,
  onLoadChildren,
  onSearch,
  onAddExisting,
  onCreate,
  onRemove,
  onUndoRemove,
  onReorder,
  ...cardProps
}: WorkItemChildrenProps) {
  // The shown order follows `items` and runs ahead of it while an edit is pending (optimistic).
  const [order, setOrder] = useState(items);
  const [syncedItems, setSyncedItems] = useState(items);
  if (syncedItems !== items) {
    setSyncedItems(items);
    setOrder(items);
  }
  const [error, setError] = useState<string | null>(null);
  const [form, setForm] = useState<FormState>(null);
  const [announcement, setAnnouncement] = useState('');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [nested, setNested] = useState<Readonly<Record<string, NestedState>>>({});
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const dragged = useRef<WorkItemChild | null>(null);

  const childTypes = allowedChildTypes(parentType);
  const isIssue = parentType === 'Issue';
  const groups = groupByType(order);
  const closedCount = order.filter((item) => item.state === WORK_ITEM_STATES.closed).length;

  const move = async (item: WorkItemChild, offset: number, viaKeyboard: boolean) => {
    const group = order.filter((sibling) => sibling.type === item.type);
    const from = group.indexOf(item);
    const to = from + offset;
    if (from < 0 || to < 0 || to >= group.length || to === from) return;
    const input = reorderInput(
      group.map((sibling) => sibling.id),
      from,
      to,
    );
    const before = order;
    const movedGroup = moveItem(group, from, to);
    let index = 0;
    setOrder(order.map((sibling) => (sibling.type === item.type ? (movedGroup[index++] ?? sibling) : sibling)));
    if (viaKeyboard) setAnnouncement(movedAnnouncement(item.title, to + 1, group.length));
    try {
      await onReorder?.(item, input);
    } catch {
      setOrder(before);
      setError(TEXTS.reorderError);
    }
  };

  const remove = async (item: WorkItemChild) => {
    const before = order;
    setOrder(order.filter((sibling) => sibling !== item));
    try {
      await onRemove?.(item);
    } catch {
      setOrder(before);
      setError(TEXTS.removeError);
      return;
    }
    const index = before.indexOf(item);
    showToast(TEXTS.childRemoved, {
      action: onUndoRemove ? { text: TEXTS.undo, onClick: () => void undoRemove(item, index) } : undefined,
    });
  };

  const undoRemove = async (item: WorkItemChild, index: number) => {
    try {
      await onUndoRemove?.(item);
    } catch {
      setError(TEXTS.undoRemoveError);
      return;
    }
    setOrder((current) =>
      current.includes(item) ? current : [...current.slice(0, index), item, ...current.slice(index)],
    );
    showToast(TEXTS.childRemovalReverted);
  };

  const toggle = async (item: WorkItemChild) => {
    const next = new Set(expanded);
    if (next.has(item.id)) {
      next.delete(item.id);
      setExpanded(next);
      return;
    }
    next.add(item.id);
    setExpanded(next);
    if (nested[item.id]?.status === 'loaded' || !onLoadChildren) return;
    setNested((current) => ({ ...current, [item.id]: { status: 'loading', items: [] } }));
    try {
      const loaded = await onLoadChildren(item);
      setNested((current) => ({ ...current, [item.id]: { status: 'loaded', items: loaded } }));
    } catch {
      setNested((current) => ({ ...current, [item.id]: { status: 'error', items: [] } }));
    }
  };

  const renderTree = (children: readonly WorkItemChild[], isTopLevel: boolean): ReactNode =>
    children.map((item) => {
      const group = order.filter((sibling) => sibling.type === item.type);
      const position = group.indexOf(item);
      const isReorderable = isTopLevel && canUpdate && group.length > 1;
      const isExpanded = expanded.has(item.id);
      const state = nested[item.id];
      const menuItems: MenuEntry[] =
        isTopLevel && canUpdate
          ? [
              ...(isReorderable
                ? [
                    {
                      key: 'up',
                      label: TEXTS.moveUp,
                      isDisabled: position === 0,
                      onAction: () => void move(item, -1, true),
                    },
                    {
                      key: 'down',
                      label: TEXTS.moveDown,
                      isDisabled: position === group.length - 1,
                      onAction: () => void move(item, 1, true),
                    },
                    { type: 'separator' as const, key: 'sep' },
                  ]
                : []),
              { key: 'remove', label: TEXTS.remove, onAction: () => void remove(item) },
            ]
          : [];
      const leading = (
        <>
          {isReorderable ? (
            <span
              className="fk-work-item-children__handle"
              draggable
              aria-hidden="true"
              title={TEXTS.dragHandle}
              onDragStart={(event: DragEvent) => {
                dragged.current = item;
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', item.id);
              }}
              onDragEnd={() => {
                dragged.current = null;
                setDropTarget(null);
              }}
            >
              <Icon name="grip" />
            </span>
          ) : null}
          {item.hasChildren ? (
            <button
              type="button"
              className="fk-work-item-children__expander"
              aria-expanded={isExpanded}
              aria-label={`${isExpanded ? WORK_ITEM_CARD_TEXTS.collapse : WORK_ITEM_CARD_TEXTS.expand} ${item.title}`}
              onClick={() => void toggle(item)}
            >
              <Icon name={isExpanded ? 'chevron-down' : 'chevron-right'} />
            </button>
          ) : null}
        </>
      );
      let nestedList: ReactNode = null;
      if (isExpanded && state) {
        nestedList =
          state.status === 'loading' ? (
            <SkeletonLoader lines={1} className="fk-work-item-children__nested-loading" />
          ) : state.status === 'error' ? (
            <p role="alert" className="fk-work-item-children__error">
              {TEXTS.fetchChildrenError}
            </p>
          ) : (
            <ul className="fk-work-item-children__list fk-work-item-children__list--nested" aria-label={item.title}>
              {renderTree(state.items, false)}
            </ul>
          );
      }
      return (
        <WorkItemRow
          key={item.id}
          item={item}
          menuItems={menuItems}
          leading={leading}
          nested={nestedList}
          data-drop-target={dropTarget === item.id || undefined}
          onKeyDown={
            isReorderable
              ? (event: KeyboardEvent) => {
                  if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
                  // Only the row's own controls, not a nested row's.
                  if ((event.target as Element).closest('.fk-work-item-row') !== event.currentTarget) return;
                  event.preventDefault();
                  void move(item, event.key === 'ArrowUp' ? -1 : 1, true);
                }
              : undefined
          }
          onDragOver={
            isReorderable
              ? (event: DragEvent) => {
                  if (dragged.current?.type !== item.type) return;
                  event.preventDefault();
                  event.dataTransfer.dropEffect = 'move';
                  setDropTarget(item.id);
                }
              : undefined
          }
          onDrop={
            isReorderable
              ? (event: DragEvent) => {
                  const source = dragged.current;
                  if (!source || source.type !== item.type) return;
                  event.preventDefault();
                  dragged.current = null;
                  setDropTarget(null);
                  void move(source, position - group.indexOf(source), false);
                }
              : undefined
          }
        />
      );
    });

  const addMenu: MenuEntry[] = childTypes.map((type) => ({
    type: 'group',
    key: type,
    label: WORK_ITEM_TYPES[type].label,
    items: [
      { key: `new-${type}`, label: newChildLabel(type), onAction: () => setForm({ kind: 'create', type }) },
      ...(onSearch
        ? [{ key: `existing-${type}`, label: existingChildLabel(type), onAction: () => setForm({ kind: 'add', type }) }]
        : []),
    ],
  }));

  const title = isIssue ? TEXTS.tasksTitle : TEXTS.title;
  const counts =
    order.length > 0 ? (
      <>
        {groups.map(([type, group]) => (
          <span key={type} className="fk-work-item-children__count">
            <Icon name={WORK_ITEM_TYPES[type].icon as IconName} />
            <Counter count={group.length} label={(formatted) => `${WORK_ITEM_TYPES[type].label}: ${formatted}`} />
          </span>
        ))}
        <span className="fk-work-item-children__progress">
          <progress max={order.length} value={closedCount} aria-label={TEXTS.progressLabel} />
          <span>{closedProgress(closedCount, order.length)}</span>
        </span>
      </>
    ) : null;

  return (
    <WorkItemCard
      {...cardProps}
      className={clsx('fk-work-item-children', cardProps.className)}
      data-component="WorkItemChildren"
      title={title}
      counts={counts}
      isLoading={isLoading}
      error={error ?? fetchError}
      onDismissError={error ? () => setError(null) : undefined}
      empty={!isLoading && order.length === 0 && !form ? (isIssue ? TEXTS.tasksEmpty : TEXTS.empty) : undefined}
      actions={
        canUpdate && childTypes.length > 0 ? (
          <Menu items={addMenu} placement="bottom-end" aria-label={`${TEXTS.add}: ${title}`}>
            <Button>{TEXTS.add}</Button>
          </Menu>
        ) : null
      }
      form={
        form?.kind === 'create' ? (
          <CreateChildForm
            key={`create-${form.type}`}
            parentType={parentType}
            initialType={form.type}
            isParentConfidential={isParentConfidential}
            onCancel={() => setForm(null)}
            onSubmit={async (input) => {
              const created = await onCreate?.(input);
              if (created) setOrder((current) => appendNew(current, [created]));
              setForm(null);
            }}
          />
        ) : form?.kind === 'add' && onSearch ? (
          <AddChildrenForm
            key={`add-${form.type}`}
            parentType={parentType}
            type={form.type}
            isParentConfidential={isParentConfidential}
            excludeIds={order.map((item) => item.id)}
            onSearch={(query) => onSearch(query, form.type)}
            onCancel={() => setForm(null)}
            onSubmit={async (picked) => {
              await onAddExisting?.(picked, form.type);
              setOrder((current) => appendNew(current, picked));
              setForm(null);
            }}
          />
        ) : null
      }
    >
      {parent ? (
        <p className="fk-work-item-children__parent">
          <span>{TEXTS.parent}</span>
          <Icon name={WORK_ITEM_TYPES[parent.type].icon as IconName} label={WORK_ITEM_TYPES[parent.type].label} />
          {parent.webUrl ? <a href={parent.webUrl}>{parent.title}</a> : <span>{parent.title}</span>}
          <span className="fk-work-item-children__reference">{parent.reference}</span>
        </p>
      ) : null}
      {groups.map(([type, group]) => (
        <ul key={type} className="fk-work-item-children__list" aria-label={WORK_ITEM_TYPES[type].label}>
          {renderTree(group, true)}
        </ul>
      ))}
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
    </WorkItemCard>
  );
}

/** '2 of 5 closed': the share of closed children shown next to the counts. */
export function closedProgress(closed: number, total: number): string {
  return `${closed} of ${total} closed`;
}

interface AddChildrenFormProps {
  parentType: WorkItemTypeName;
  type: WorkItemTypeName;
  isParentConfidential: boolean;
  excludeIds: readonly string[];
  onSearch: (query: string) => Promise<readonly WorkItemLinkItem[]>;
  onSubmit: (items: WorkItemLinkItem[]) => Promise<void>;
  onCancel: () => void;
}

/** Existing items to add as children: picked in the token search, refused when not confidential under a confidential parent. */
function AddChildrenForm({
  parentType,
  type,
  isParentConfidential,
  excludeIds,
  onSearch,
  onSubmit,
  onCancel,
}: AddChildrenFormProps) {
  const [picked, setPicked] = useState<WorkItemLinkItem[]>([]);
  const [isSubmitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const invalid = isParentConfidential ? picked.filter((item) => !item.confidential) : [];
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (picked.length === 0 || invalid.length > 0) return;
    setSubmitting(true);
    setError(null);
    try {
      await onSubmit(picked);
    } catch {
      setError(TEXTS.addError);
      setSubmitting(false);
    }
  };
  return (
    <form className="fk-work-item-children__form" onSubmit={submit} aria-label={existingChildLabel(type)}>
      <WorkItemSearch
        label={existingChildLabel(type)}
        value={picked}
        onChange={(next) => {
          setPicked(next);
          setError(null);
        }}
        onSearch={onSearch}
        excludeIds={excludeIds}
        isInvalid={invalid.length > 0}
        focusOnMount
      />
      {invalid.length > 0 ? (
        <p role="alert" className="fk-work-item-children__error">
          {nonConfidentialChildrenMessage(
            invalid.map((item) => item.title),
            type,
            parentType,
          )}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="fk-work-item-children__error">
          {error}
        </p>
      ) : null}
      <div className="fk-work-item-children__form-actions">
        <Button type="submit" variant="confirm" disabled={picked.length === 0 || invalid.length > 0 || isSubmitting}>
          {`Add ${typeText(type)}${picked.length > 1 ? 's' : ''}`}
        </Button>
        <Button onClick={onCancel}>{TEXTS.cancel}</Button>
      </div>
    </form>
  );
}

interface CreateChildFormProps {
  parentType: WorkItemTypeName;
  initialType: WorkItemTypeName;
  isParentConfidential: boolean;
  onSubmit: (input: WorkItemChildInput) => Promise<void>;
  onCancel: () => void;
}

/** A new child: title, type (only the allowed child types can be chosen) and confidentiality. */
function CreateChildForm({ parentType, initialType, isParentConfidential, onSubmit, onCancel }: CreateChildFormProps) {
  const [title, setTitle] = useState('');
  const [type, setType] = useState(initialType);
  const [isConfidential, setConfidential] = useState(isParentConfidential);
  const [isSubmitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();
  const titleRef = useRef<HTMLInputElement>(null);
  // The form was opened on request: its first field takes focus, as in GitLab.
  useEffect(() => titleRef.current?.focus(), []);
  const allowed = allowedChildTypes(parentType);
  const canSubmit = title.trim() !== '' && validateTitle(title) === '' && allowed.includes(type) && !isSubmitting;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    setSubmitting(true);
    setError(null);
    try {
      await onSubmit({ title: title.trim(), type, confidential: isParentConfidential || isConfidential });
    } catch {
      setError(TEXTS.createError);
      setSubmitting(false);
    }
  };
  return (
    <form className="fk-work-item-children__form" onSubmit={submit} aria-label={newChildLabel(type)}>
      <div className="fk-work-item-children__form-row">
        <TitleField
          className="fk-work-item-children__title-field"
          value={title}
          onChange={setTitle}
          placeholder={TEXTS.titlePlaceholder}
          ref={titleRef}
        />
        <label className="fk-work-item-children__type">
          <span>{TEXTS.typeLabel}</span>
          <select value={type} onChange={(event) => setType(event.target.value as WorkItemTypeName)}>
            {WORK_ITEM_TYPE_NAMES.map((name) => (
              <option key={name} value={name} disabled={!allowed.includes(name)}>
                {WORK_ITEM_TYPES[name].label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label className="fk-work-item-children__checkbox">
        <input
          type="checkbox"
          checked={isParentConfidential || isConfidential}
          disabled={isParentConfidential}
          aria-describedby={isParentConfidential ? hintId : undefined}
          onChange={(event) => setConfidential(event.target.checked)}
        />
        {TEXTS.confidentialLabel}
      </label>
      {isParentConfidential ? (
        <p id={hintId} className="fk-work-item-children__hint">
          {confidentialChildHint(type, parentType)}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="fk-work-item-children__error">
          {error}
        </p>
      ) : null}
      <div className="fk-work-item-children__form-actions">
        <Button type="submit" variant="confirm" disabled={!canSubmit}>
          {`Create ${typeText(type)}`}
        </Button>
        <Button onClick={onCancel}>{TEXTS.cancel}</Button>
      </div>
    </form>
  );
}
