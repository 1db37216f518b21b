/**
 * The open menu: its box, placed by floating-ui next to the trigger, and the list with
 * react-aria's menu pattern (collection, selection, keyboard, typeahead). Loaded with `import()`
 * by Menu.tsx when a menu is about to open, so a page with a closed menu does not load it.
 */
import { autoUpdate, flip, offset, shift, useFloating, type Placement } from '@floating-ui/react';
import clsx from 'clsx';
import {
  useLayoutEffect,
  useRef,
  type CSSProperties,
  type ElementType,
  type Key,
  type ReactNode,
  type RefObject,
} from 'react';
import { DismissButton, Overlay } from 'react-aria/Overlay';
import { useMenu, useMenuItem, useMenuSection, type AriaMenuOptions } from 'react-aria/useMenu';
import { useOverlay } from 'react-aria/useOverlay';
import { useSeparator } from 'react-aria/useSeparator';
import { Item, Section, useTreeState, type MenuTriggerState, type Node, type TreeState } from 'react-stately';
import { Icon } from '../Icon';
import type { MenuEntry, MenuItemEntry } from './menuEntries';
import { MENU_OFFSET, MENU_VIEWPORT_PADDING, type MenuPlacement } from './menuPlacement';

/** What Menu.tsx hands to the open menu. */
export interface MenuContentProps {
  state: MenuTriggerState;
  triggerRef: RefObject<HTMLElement | null>;
  /** react-aria's props for the menu, from the trigger's `useMenuTrigger`. */
  menuProps: AriaMenuOptions<object>;
  entries: readonly MenuEntry[];
  onAction: ((key: string) => void) | undefined;
  placement: MenuPlacement;
  portalContainer: Element | undefined;
  className: string | undefined;
  style: CSSProperties | undefined;
}

/** The open menu, portalled and placed next to the trigger. */
export function MenuContent({
  state,
  triggerRef,
  menuProps,
  entries,
  onAction,
  placement,
  portalContainer,
  className,
  style,
}: MenuContentProps) {
  const { refs, floatingStyles } = useFloating({
    open: true,
    placement: placement as Placement,
    strategy: 'fixed',
    middleware: [
      offset(MENU_OFFSET),
      flip({ padding: MENU_VIEWPORT_PADDING }),
      shift({ padding: MENU_VIEWPORT_PADDING }),
    ],
    whileElementsMounted: autoUpdate,
  });
  const { setReference } = refs;
  // The trigger is mounted before the open menu (it renders it).
  useLayoutEffect(() => setReference(triggerRef.current), [setReference, triggerRef]);
  const byKey = new Map(allItems(entries).map((entry) => [entry.key, entry]));
  const handleAction = (key: Key) => {
    byKey.get(String(key))?.onAction?.();
    onAction?.(String(key));
  };
  return (
    <Overlay portalContainer={portalContainer}>
      <MenuPopover
        state={state}
        floatingRef={refs.setFloating}
        floatingStyles={floatingStyles}
        className={className}
        style={style}
        placement={placement}
      >
        <MenuList {...menuProps} entries={entries} onAction={handleAction} onClose={state.close} />
      </MenuPopover>
    </Overlay>
  );
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
