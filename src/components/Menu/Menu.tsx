import { autoUpdate, flip, offset, shift, useFloating, type Placement } from '@floating-ui/react';
import clsx from 'clsx';
import {
  Children,
  useRef,
  type CSSProperties,
  type ElementType,
  type Key,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import {
  DismissButton,
  mergeProps,
  Overlay,
  useButton,
  useMenu,
  useMenuItem,
  useMenuSection,
  useMenuTrigger,
  useObjectRef,
  useOverlay,
  useSeparator,
  type AriaMenuOptions,
} from 'react-aria';
import {
  Item,
  Section,
  useMenuTriggerState,
  useTreeState,
  type Node,
  type TreeState,
  type MenuTriggerState,
} from 'react-stately';
import { space } from '../../tokens/generated/tokens';
import { Icon, type IconName } from '../Icon';
import './Menu.css';

/** Gap in px between the trigger and the menu (`--fk-space-2`). */
export const MENU_OFFSET = space['2'];
/** Smallest distance in px the menu keeps from the viewport edges (`--fk-space-3`). */
export const MENU_VIEWPORT_PADDING = space['3'];

/** Where the menu opens relative to its trigger; it flips and shifts to stay in the viewport. */
export const MENU_PLACEMENTS = ['bottom-start', 'bottom-end', 'top-start', 'top-end'] as const;
export type MenuPlacement = (typeof MENU_PLACEMENTS)[number];

/** An entry that does something: a link (`href`) or an action (`onAction`). */
export interface MenuItemEntry {
  type?: 'item';
  /** Unique among the menu's entries; passed to `onAction`. */
  key: string;
  /** What the item shows. A string also serves for typeahead and as the accessible name. */
  label: ReactNode;
  /** Plain text of the label, for typeahead and the accessible name when `label` is not a string. */
  textValue?: string;
  /** A second line under the label, in the subtle text colour. */
  description?: ReactNode;
  /** A decorative icon before the label. */
  icon?: IconName;
  /** Makes the item a link (`<a href>`): Enter or a click follows it like any link. */
  href?: string;
  /** Called when the item is chosen (click, Enter or Space), before the menu closes. */
  onAction?: () => void;
  /** @default false */
  isDisabled?: boolean;
}

/** A line between entries. */
export interface MenuSeparatorEntry {
  type: 'separator';
  key: string;
}

/** Items under a heading (`role="group"`, named by the heading). */
export interface MenuGroupEntry {
  type: 'group';
  key: string;
  /** The group's heading. */
  label: string;
  items: readonly MenuItemEntry[];
}

export type MenuEntry = MenuItemEntry | MenuSeparatorEntry | MenuGroupEntry;

type TriggerProps = Record<string, unknown> & { ref?: Ref<HTMLElement> };

export interface MenuProps {
  /**
   * The trigger: exactly one element that renders a `<button>` and accepts `ref` and event props
   * (a `Button`, an avatar button). It is cloned with the menu's props merged in, not wrapped.
   */
  children: ReactElement;
  /** The entries, in order: items (links or actions), separators and groups. */
  items: readonly MenuEntry[];
  /** Called with the key of the chosen item (after the item's own `onAction`). */
  onAction?: (key: string) => void;
  /**
   * Which side of the trigger it opens on.
   * @default 'bottom-start'
   */
  placement?: MenuPlacement;
  /** Open (controlled). */
  isOpen?: boolean;
  /**
   * Open at first (uncontrolled).
   * @default false
   */
  defaultOpen?: boolean;
  /** Called with every requested change of the open state. */
  onOpenChange?: (isOpen: boolean) => void;
  /** @default false */
  isDisabled?: boolean;
  /** The menu's accessible name. @default the trigger's accessible name */
  'aria-label'?: string;
  /**
   * Where the menu is portalled.
   * @default document.body
   */
  portalContainer?: Element;
  /** Class of the menu's popover (the root element of the open menu). */
  className?: string;
  /** Style of the menu's popover (yours wins). */
  style?: CSSProperties;
}

/** The entries as collection sections: groups stay groups, separators split the rest into unnamed sections. */
interface MenuSectionData {
  key: string;
  label?: string;
  items: readonly MenuItemEntry[];
}

/** Splits the entries into sections; `null` when there are neither groups nor separators (a flat list). */
function menuSections(entries: readonly MenuEntry[]): MenuSectionData[] | null {
  if (entries.every((entry) => entry.type === undefined || entry.type === 'item')) return null;
  const sections: MenuSectionData[] = [];
  let run: MenuItemEntry[] = [];
  const flush = (key: string) => {
    if (run.length > 0) sections.push({ key: `${key}-items`, items: run });
    run = [];
  };
  for (const entry of entries) {
    if (entry.type === 'separator') flush(entry.key);
    else if (entry.type === 'group') {
      flush(entry.key);
      sections.push({ key: entry.key, label: entry.label, items: entry.items });
    } else run.push(entry);
  }
  flush('end');
  return sections;
}

function itemElement(entry: MenuItemEntry) {
  const textValue = entry.textValue ?? (typeof entry.label === 'string' ? entry.label : undefined);
  return (
    <Item key={entry.key} textValue={textValue} href={entry.href}>
      {entry.label}
    </Item>
  );
}

function allItems(entries: readonly MenuEntry[]): MenuItemEntry[] {
  return entries.flatMap((entry) =>
    entry.type === 'separator' ? [] : entry.type === 'group' ? [...entry.items] : [entry],
  );
}

/**
 * A dropdown menu (GitLab UI `GlDisclosureDropdown`): a trigger button opens a list of items,
 * links or actions, optionally split by separators and grouped under headings. react-aria gives it
 * the menu pattern: Enter, Space or ArrowDown open it on the first item (ArrowUp on the last),
 * arrows move, Home/End jump, typing the start of an item's text moves to it, Enter or a click
 * chooses, Escape or Tab closes it and focus goes back to the trigger. floating-ui places it.
 */
export function Menu({
  children,
  items,
  onAction,
  placement = 'bottom-start',
  isOpen,
  defaultOpen,
  onOpenChange,
  isDisabled = false,
  'aria-label': ariaLabel,
  portalContainer,
  className,
  style,
}: MenuProps) {
  const child = Children.only(children);
  const childProps = child.props as TriggerProps;
  const state = useMenuTriggerState({ isOpen, defaultOpen, onOpenChange });
  const triggerRef = useObjectRef<HTMLElement>(childProps.ref ?? null);
  const { menuTriggerProps, menuProps } = useMenuTrigger<object>({ isDisabled }, state, triggerRef);
  const { buttonProps } = useButton({ ...menuTriggerProps, isDisabled }, triggerRef);

  const { refs, floatingStyles } = useFloating({
    open: state.isOpen,
    placement: placement as Placement,
    strategy: 'fixed',
    middleware: [
      offset(MENU_OFFSET),
      flip({ padding: MENU_VIEWPORT_PADDING }),
      shift({ padding: MENU_VIEWPORT_PADDING }),
    ],
    whileElementsMounted: autoUpdate,
  });

  const { ref: _childRef, ...ownChildProps } = childProps;
  const TriggerElement = child.type as ElementType;
  const entries = new Map(allItems(items).map((entry) => [entry.key, entry]));
  const handleAction = (key: Key) => {
    entries.get(String(key))?.onAction?.();
    onAction?.(String(key));
  };

  return (
    <>
      <TriggerElement
        {...mergeProps(buttonProps, ownChildProps)}
        ref={(node: HTMLElement | null) => {
          triggerRef.current = node;
          refs.setReference(node);
        }}
        data-state={state.isOpen ? 'open' : 'closed'}
      />
      {state.isOpen ? (
        <Overlay portalContainer={portalContainer}>
          <MenuPopover
            state={state}
            floatingRef={refs.setFloating}
            floatingStyles={floatingStyles}
            className={className}
            style={style}
            placement={placement}
          >
            <MenuList
              {...menuProps}
              aria-label={ariaLabel}
              aria-labelledby={ariaLabel ? undefined : menuProps['aria-labelledby']}
              entries={items}
              onAction={handleAction}
              onClose={state.close}
            />
          </MenuPopover>
        </Overlay>
      ) : null}
    </>
  );
}

interface MenuPopoverProps {
  state: MenuTriggerState;
  floatingRef: (node: HTMLElement | null) => void;
  floatingStyles: CSSProperties;
  className: string | undefined;
  style: CSSProperties | undefined;
  placement: MenuPlacement;
  children: ReactNode;
}

/** The open menu's box: dismissed by Escape, a click outside (the trigger included) or focus leaving. */
function MenuPopover({ state, floatingRef, floatingStyles, className, style, placement, children }: MenuPopoverProps) {
  const popoverRef = useRef<HTMLDivElement>(null);
  const { overlayProps } = useOverlay(
    { isOpen: state.isOpen, onClose: state.close, isDismissable: true, shouldCloseOnBlur: true },
    popoverRef,
  );
  return (
    <div
      {...overlayProps}
      ref={(node) => {
        popoverRef.current = node;
        floatingRef(node);
      }}
      className={clsx('fk-menu', className)}
      data-component="Menu"
      data-placement={placement}
      data-state="open"
      style={{ ...floatingStyles, ...style }}
    >
      <DismissButton onDismiss={state.close} />
      {children}
      <DismissButton onDismiss={state.close} />
    </div>
  );
}

interface MenuListProps extends Omit<AriaMenuOptions<object>, 'children' | 'items' | 'onAction'> {
  entries: readonly MenuEntry[];
  onAction: (key: Key) => void;
  onClose: () => void;
}

function MenuList({ entries, onAction, onClose, ...props }: MenuListProps) {
  const sections = menuSections(entries);
  const children = sections
    ? sections.map((section) => (
        <Section key={section.key} title={section.label}>
          {section.items.map(itemElement)}
        </Section>
      ))
    : allItems(entries).map(itemElement);
  const disabledKeys = allItems(entries)
    .filter((entry) => entry.isDisabled)
    .map((entry) => entry.key);
  const treeProps = { ...props, children, disabledKeys, onAction, onClose };
  const state = useTreeState<object>(treeProps);
  const ref = useRef<HTMLUListElement>(null);
  const { menuProps } = useMenu(treeProps, state, ref);
  const byKey = new Map(allItems(entries).map((entry) => [entry.key, entry]));
  return (
    <ul {...menuProps} ref={ref} className="fk-menu__list" data-component="Menu.List">
      {[...state.collection].map((node, index) =>
        node.type === 'section' ? (
          <MenuSection key={node.key} section={node} state={state} byKey={byKey} isFirst={index === 0} />
        ) : (
          <MenuItem key={node.key} node={node} state={state} entry={byKey.get(String(node.key))} />
        ),
      )}
    </ul>
  );
}

interface MenuSectionProps {
  section: Node<object>;
  state: TreeState<object>;
  byKey: Map<string, MenuItemEntry>;
  isFirst: boolean;
}

function MenuSection({ section, state, byKey, isFirst }: MenuSectionProps) {
  const { itemProps, headingProps, groupProps } = useMenuSection({
    heading: section.rendered,
    'aria-label': section['aria-label'],
  });
  const { separatorProps } = useSeparator({ elementType: 'li' });
  return (
    <>
      {isFirst ? null : <li {...separatorProps} className="fk-menu__separator" data-component="Menu.Separator" />}
      <li {...itemProps} className="fk-menu__section">
        {section.rendered ? (
          <span {...headingProps} className="fk-menu__heading" data-component="Menu.Heading">
            {section.rendered}
          </span>
        ) : null}
        <ul {...groupProps} className="fk-menu__group" data-component="Menu.Group">
          {[...section.childNodes].map((node) => (
            <MenuItem key={node.key} node={node} state={state} entry={byKey.get(String(node.key))} />
          ))}
        </ul>
      </li>
    </>
  );
}

interface MenuItemProps {
  node: Node<object>;
  state: TreeState<object>;
  entry: MenuItemEntry | undefined;
}

function MenuItem({ node, state, entry }: MenuItemProps) {
  // An `<a>` for links, a `<div>` for actions.
  const ref = useRef<HTMLAnchorElement & HTMLDivElement>(null);
  const { menuItemProps, labelProps, isFocused, isFocusVisible, isDisabled } = useMenuItem(
    { key: node.key },
    state,
    ref,
  );
  const Element: ElementType = entry?.href ? 'a' : 'div';
  return (
    <li role="none" className="fk-menu__item-wrapper">
      <Element
        {...menuItemProps}
        ref={ref}
        className="fk-menu__item"
        data-component="Menu.Item"
        data-focused={isFocused || undefined}
        data-focus-visible={isFocusVisible || undefined}
        data-disabled={isDisabled || undefined}
      >
        {entry?.icon ? <Icon name={entry.icon} className="fk-menu__icon" /> : null}
        {/* The name is all the visible text, the description included (a name that left visible text
            out would not match what speech-input users say). */}
        <span {...labelProps} className="fk-menu__text">
          <span className="fk-menu__label">{node.rendered}</span>
          {/* The space keeps the words apart in the name (a flex container does not render it). */}
          {entry?.description ? (
            <>
              {' '}
              <span className="fk-menu__description">{entry.description}</span>
            </>
          ) : null}
        </span>
      </Element>
    </li>
  );
}
