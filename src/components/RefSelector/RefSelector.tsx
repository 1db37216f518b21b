import clsx from 'clsx';
import { useId, useRef, type ComponentPropsWithoutRef, type Ref } from 'react';
import { useControllableState } from '../../hooks/useControllableState';
import { lazyModule, useLazyModule } from '../../hooks/useLazyModule';
import { Icon } from '../Icon';
// Types only (erased): the open list's code (floating-ui, react-aria's focus scope, overlay and
// filter) loads when the pointer first enters the button, it takes focus or is pressed, so the
// repository pages carry none of it until then.
import type * as RefSelectorPanelModule from './RefSelectorPanel';
import { REF_SELECTOR_LABELS, type GitRef, type RefSelectorLabels } from './types';
import './RefSelector.css';

export interface RefSelectorProps extends Omit<ComponentPropsWithoutRef<'div'>, 'onSelect'> {
  /** The current ref's name, shown on the button and marked as selected in the list. */
  value: string;
  /** Branch names, in the order to show them. */
  branches: readonly string[];
  /** Tag names, in the order to show them. */
  tags: readonly string[];
  /** Called with the chosen ref; the list closes. */
  onSelect: (ref: GitRef) => void;
  /**
   * The refs are being fetched (for example, for the search text): the list says so.
   * @default false
   */
  isLoading?: boolean;
  /**
   * Called with the search text as it changes, to search on the server. The given refs are also
   * filtered by it here (case- and accent-insensitive "contains").
   */
  onSearchChange?: (query: string) => void;
  /** Open (controlled). */
  isOpen?: boolean;
  /** Open at first (uncontrolled). @default false */
  defaultOpen?: boolean;
  /** Called when the list opens or closes. */
  onOpenChange?: (isOpen: boolean) => void;
  /** Where the list is portalled. @default document.body */
  portalContainer?: Element;
  /** Texts, for translation. @default REF_SELECTOR_LABELS */
  labels?: RefSelectorLabels;
  ref?: Ref<HTMLDivElement>;
}

const panelModule = lazyModule<typeof RefSelectorPanelModule>(() => import('./RefSelectorPanel'));
const noop = () => {};

/**
 * The branch/tag switcher of the repository pages (GitLab's ref selector): a button showing the
 * current ref opens a search field over a list of branches and tags in two sections. Typing
 * filters the list (and calls `onSearchChange`); ArrowDown/ArrowUp move through the results, Home
 * and End jump, Enter or a click chooses one and `onSelect` gets it; Escape, Tab or a click
 * outside closes the list and focus goes back to the button. It follows the combobox pattern:
 * focus stays in the search field and the active option is its `aria-activedescendant`. While
 * `isLoading` the list says 'Loading'; with no result, 'No matching results'. The list's code loads
 * on the first hover, focus or press of the button: a press that comes first opens the list when it
 * arrives.
 */
export function RefSelector({
  value,
  branches,
  tags,
  onSelect,
  isLoading = false,
  onSearchChange,
  isOpen: isOpenProp,
  defaultOpen = false,
  onOpenChange,
  portalContainer,
  labels = REF_SELECTOR_LABELS,
  className,
  ref,
  ...rest
}: RefSelectorProps) {
  const [isOpen, setOpen] = useControllableState({
    value: isOpenProp,
    defaultValue: defaultOpen,
    onChange: onOpenChange,
  });
  const listId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panel = useLazyModule(panelModule);
  const loadPanel = () => {
    if (!panel) panelModule.load().catch(noop); // a later hover or press tries again
  };

  const close = () => setOpen(false);
  return (
    <div {...rest} ref={ref} className={clsx('fk-ref-selector', className)} data-component="RefSelector">
      <button
        type="button"
        ref={triggerRef}
        className="fk-ref-selector__toggle"
        aria-label={`${labels.toggle}: ${value}`}
        aria-haspopup="listbox"
        aria-expanded={isOpen}
        aria-controls={isOpen && panel ? listId : undefined}
        data-state={isOpen ? 'open' : 'closed'}
        onPointerEnter={loadPanel}
        onFocus={loadPanel}
        onClick={() => {
          loadPanel();
          setOpen(!isOpen);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !isOpen) {
            event.preventDefault();
            loadPanel();
            setOpen(true);
          }
        }}
      >
        <Icon name={tags.includes(value) && !branches.includes(value) ? 'tag' : 'branch'} />
        <span className="fk-ref-selector__value">{value}</span>
        <Icon name="chevron-down" />
      </button>
      {isOpen && panel ? (
        <panel.RefSelectorPanel
          listId={listId}
          trigger={triggerRef}
          portalContainer={portalContainer}
          value={value}
          branches={branches}
          tags={tags}
          isLoading={isLoading}
          labels={labels}
          onSearchChange={onSearchChange}
          onClose={close}
          onEscape={() => {
            close();
            triggerRef.current?.focus();
          }}
          onSelect={(gitRef) => {
            close();
            triggerRef.current?.focus();
            onSelect(gitRef);
          }}
        />
      ) : null}
    </div>
  );
}
