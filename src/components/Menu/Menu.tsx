import {
  Children,
  useCallback,
  useEffect,
  useState,
  type CSSProperties,
  type ElementType,
  type ReactElement,
  type Ref,
} from 'react';
import { mergeProps } from 'react-aria/mergeProps';
import { useButton } from 'react-aria/useButton';
import { useMenuTrigger } from 'react-aria/useMenu';
import { useObjectRef } from 'react-aria/useObjectRef';
import { useMenuTriggerState } from 'react-stately';
import type { MenuEntry } from './menuEntries';
import type { MenuPlacement } from './menuPlacement';
// Types only (erased): the module itself is loaded with import() below.
import type * as ContentModule from './MenuContent';
import './Menu.css';

export { MENU_OFFSET, MENU_PLACEMENTS, MENU_VIEWPORT_PADDING, type MenuPlacement } from './menuPlacement';

export type { MenuEntry, MenuGroupEntry, MenuItemEntry, MenuSeparatorEntry } from './menuEntries';

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

type MenuContentModule = typeof ContentModule;

let loadedContent: MenuContentModule | null = null;
let contentRequest: Promise<MenuContentModule> | null = null;

/** Loads the open menu's code once per page (again after a failure). */
function loadContent(): Promise<MenuContentModule> {
  contentRequest ??= import('./MenuContent').then(
    (module) => (loadedContent = module),
    (error: unknown) => {
      contentRequest = null; // the next attempt tries again
      throw error;
    },
  );
  return contentRequest;
}

/**
 * A dropdown menu (GitLab UI `GlDisclosureDropdown`): a trigger button opens a list of items,
 * links or actions, optionally split by separators and grouped under headings. react-aria gives it
 * the menu pattern: Enter, Space or ArrowDown open it on the first item (ArrowUp on the last),
 * arrows move, Home/End jump, typing the start of an item's text moves to it, Enter or a click
 * chooses, Escape or Tab closes it and focus goes back to the trigger. floating-ui places it.
 *
 * Only the trigger's code loads with the page: the open menu's (react-aria's menu and selection,
 * floating-ui) loads with `import()` when the pointer enters the trigger, it takes focus or the
 * menu opens, so a page whose menus stay closed never loads it. Opened before that code is there,
 * the menu shows as soon as it arrives (with focus on its first item when opened by keyboard).
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
  const [content, setContent] = useState(loadedContent);
  const { close } = state;
  const load = useCallback(() => {
    // Once loaded (by any menu), rendering reads it directly: focus coming back to the trigger after
    // the menu closes schedules nothing.
    if (loadedContent) return;
    // A failed load closes the menu again; the next attempt retries.
    loadContent().then(setContent, close);
  }, [close]);
  const open = content ?? loadedContent;
  useEffect(() => {
    if (state.isOpen && !open) load();
  }, [state.isOpen, open, load]);

  const { ref: _childRef, ...ownChildProps } = childProps;
  const TriggerElement = child.type as ElementType;

  return (
    <>
      <TriggerElement
        {...mergeProps(buttonProps, ownChildProps, { onPointerEnter: load, onFocus: load })}
        ref={triggerRef}
        data-state={state.isOpen ? 'open' : 'closed'}
      />
      {state.isOpen && open ? (
        <open.MenuContent
          state={state}
          triggerRef={triggerRef}
          menuProps={{
            ...menuProps,
            'aria-label': ariaLabel,
            'aria-labelledby': ariaLabel ? undefined : menuProps['aria-labelledby'],
          }}
          entries={items}
          onAction={onAction}
          placement={placement}
          portalContainer={portalContainer}
          className={className}
          style={style}
        />
      ) : null}
    </>
  );
}
