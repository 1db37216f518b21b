import clsx from 'clsx';
import { useEffect, useId, useRef, useState, type ComponentPropsWithoutRef, type ReactNode, type Ref } from 'react';
import { useInteractOutside } from 'react-aria/useInteractOutside';
import { useKeyboard } from 'react-aria/useKeyboard';
import { useLazyModule, type LazyModule } from '../../hooks/useLazyModule';
import { WORK_ITEM_NONE_TEXT, WORK_ITEM_UPDATE_ERROR_MESSAGE } from '../../utils/workItems';
import { Alert } from '../Alert';
import { Button, type ButtonProps } from '../Button';
import { SkeletonLoader } from '../SkeletonLoader';
import { useOptimisticValue } from './useOptimisticValue';
import './WorkItemAttribute.css';

/** The shell's own texts (GitLab's): the header buttons and the empty value. */
export const WORK_ITEM_ATTRIBUTE_TEXTS = {
  edit: 'Edit',
  apply: 'Apply',
  cancel: 'Cancel',
  none: WORK_ITEM_NONE_TEXT,
} as const;

/** Lines of the skeleton shown while an attribute's value loads. */
export const WORK_ITEM_ATTRIBUTE_SKELETON_LINES = 1;

/** What an editor gets from the shell. */
export interface WorkItemAttributeEditor<T> {
  /** The value being edited; it starts as the shown value. */
  draft: T;
  /** Changes the draft (nothing is saved until `apply`). */
  setDraft: (next: T) => void;
  /** Closes the editor and saves `next` (or the draft) when it differs from the shown value. */
  apply: (next?: T) => void;
  /** Closes the editor without saving; focus goes back to Edit. */
  cancel: () => void;
  /** Marks the draft as not valid (a bad date, a negative weight): Apply is disabled meanwhile. */
  setInvalid: (isInvalid: boolean) => void;
  /** The id of the heading, to name the editor's fields and lists (`aria-labelledby`). */
  headingId: string;
}

/** What `renderValue` and `renderEmpty` get: the shown value's controls. */
export interface WorkItemAttributeControls<T> {
  /** Saves `next` straight away (optimistic, reverted on failure), e.g. 'Assign yourself'. */
  commit: (next: T) => void;
  /** Whether the user may edit (and no save is in flight). */
  canUpdate: boolean;
}

export interface WorkItemAttributeProps<T> extends Omit<
  ComponentPropsWithoutRef<'section'>,
  'onChange' | 'onError' | 'children'
> {
  /** The heading: the attribute's name ('Assignees', 'Milestone'). */
  label: string;
  /** The saved value (from the server). */
  value: T;
  /** Draws a non-empty value. */
  renderValue: (value: T, controls: WorkItemAttributeControls<T>) => ReactNode;
  /**
   * Whether a value counts as empty, which shows `renderEmpty`.
   * @default null, undefined, '' and [] are empty
   */
  isEmpty?: (value: T) => boolean;
  /**
   * Draws the empty value.
   * @default 'None', in the subtle text colour
   */
  renderEmpty?: (controls: WorkItemAttributeControls<T>) => ReactNode;
  /**
   * The editor shown under the heading after Edit: fields or a list working on the draft.
   * Without it there is no Edit button (a read-only attribute).
   * @default undefined
   */
  renderEditor?: (editor: WorkItemAttributeEditor<T>) => ReactNode;
  /**
   * The editor's code when it loads on demand (a `lazyModule` of `useLazyModule`): it starts
   * loading as the pointer enters Edit or Edit takes focus, a press on Edit before it arrived
   * opens the editor when it does, and `renderEditor` is called only once it is there (a skeleton
   * stands in for an editor open at first). The value is drawn without it.
   * @default undefined (the editor's code comes with the attribute)
   */
  editorModule?: LazyModule<unknown>;
  /**
   * Saves a change. The change shows at once; when the promise rejects the value goes back and
   * `errorMessage` shows.
   * @default undefined
   */
  onChange?: (next: T) => Promise<void>;
  /**
   * Whether two values are the same, so applying an unchanged value saves nothing.
   * @default Object.is, or equal JSON
   */
  isEqual?: (a: T, b: T) => boolean;
  /**
   * Whether the user may edit: without it the attribute is read-only (no Edit button).
   * @default false
   */
  canUpdate?: boolean;
  /**
   * The value is still loading: a skeleton line stands in for it.
   * @default false
   */
  isLoading?: boolean;
  /**
   * Shown when a save fails (use `workItemUpdateErrorMessage(type)` for the item's type).
   * @default WORK_ITEM_UPDATE_ERROR_MESSAGE
   */
  errorMessage?: string;
  /** Also told about a failed save (to log it, or show it at the page's top). @default undefined */
  onError?: (message: string, error: unknown) => void;
  /** Opens the editor at first (stories, a new item's form). @default false */
  defaultEditing?: boolean;
  /** More buttons in the header, before Edit. @default undefined */
  actions?: ReactNode;
  /** The root `<section>`. */
  ref?: Ref<HTMLElement>;
}

/** Stands in for `editorModule` when the editor's code comes with the attribute. */
const NO_EDITOR_MODULE: LazyModule<null> = {
  load: () => Promise.resolve(null),
  current: () => null,
  subscribe: () => () => undefined,
};

function defaultIsEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

function defaultIsEqual(a: unknown, b: unknown): boolean {
  return Object.is(a, b) || JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The shell of every work item sidebar attribute (GitLab's `WorkItemSidebarWidget`): a heading,
 * the value or 'None', and for those who may edit an Edit button that opens an editor in place
 * (Edit becomes Apply). Apply, a click outside or the editor's own choice saves; Escape or Cancel
 * closes without saving; either way focus returns to Edit. A save shows at once and, when
 * `onChange` rejects, reverts with the widget's 'Something went wrong…' text.
 */
export function WorkItemAttribute<T>({
  label,
  value: savedValue,
  renderValue,
  isEmpty = defaultIsEmpty,
  renderEmpty,
  renderEditor,
  editorModule,
  onChange,
  isEqual = defaultIsEqual,
  canUpdate = false,
  isLoading = false,
  errorMessage = WORK_ITEM_UPDATE_ERROR_MESSAGE,
  onError,
  defaultEditing = false,
  actions,
  className,
  ref,
  ...rest
}: WorkItemAttributeProps<T>) {
  const headingId = useId();
  const { value, commit, isSaving, error, clearError } = useOptimisticValue(
    savedValue,
    onChange,
    errorMessage,
    onError,
  );
  const isEditable = canUpdate && renderEditor !== undefined;
  const [isEditing, setEditing] = useState(defaultEditing && isEditable);
  const isEditorLoaded = useLazyModule(editorModule ?? NO_EDITOR_MODULE) !== null || !editorModule;
  const [draft, setDraft] = useState(value);
  const [isInvalid, setInvalid] = useState(false);
  const sectionRef = useRef<HTMLElement | null>(null);
  // Set when the editor closes by a key or a button: the Edit button, rendered again, takes focus.
  const [returnFocus, setReturnFocus] = useState(false);

  const open = () => {
    clearError();
    setDraft(value);
    setInvalid(false);
    setEditing(true);
  };
  const close = (focusEdit: boolean) => {
    setEditing(false);
    setReturnFocus(focusEdit);
  };
  const apply = (next: T = draft, focusEdit = true) => {
    if (isInvalid && next === draft) return;
    close(focusEdit);
    if (!isEqual(next, value)) void commit(next);
  };
  const cancel = () => close(true);
  // A failed load is dropped: the next hover, focus or press tries again.
  const loadEditor = () =>
    editorModule?.load().then(
      () => true,
      () => false,
    );
  const requestOpen = () => {
    if (isSaving) return;
    if (isEditorLoaded) open();
    // Pressed before the editor's code arrived: the editor opens when it does.
    else
      void loadEditor()?.then((isLoaded) => {
        if (isLoaded) open();
      });
  };
  useEffect(() => {
    // An editor open at first (`defaultEditing`) loads its code straight away.
    if (isEditing && !isEditorLoaded) void loadEditor();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isEditing, isEditorLoaded]);

  // A click outside applies, as GitLab's sidebar does; focus stays where the click put it.
  useInteractOutside({ ref: sectionRef, isDisabled: !isEditing, onInteractOutside: () => apply(draft, false) });

  const { keyboardProps } = useKeyboard({
    onKeyDown: (event) => {
      if (event.key === 'Escape') cancel();
      else event.continuePropagation();
    },
  });

  const controls: WorkItemAttributeControls<T> = {
    commit: (next) => void commit(next),
    canUpdate: canUpdate && !isSaving,
  };

  let content: ReactNode;
  if (isLoading) content = <SkeletonLoader lines={WORK_ITEM_ATTRIBUTE_SKELETON_LINES} />;
  else if (isEmpty(value))
    content = renderEmpty ? (
      renderEmpty(controls)
    ) : (
      <span className="fk-work-item-attribute__none">{WORK_ITEM_ATTRIBUTE_TEXTS.none}</span>
    );
  else content = renderValue(value, controls);

  return (
    <section
      {...rest}
      ref={(node) => {
        sectionRef.current = node;
        if (typeof ref === 'function') ref(node);
        else if (ref) ref.current = node;
      }}
      className={clsx('fk-work-item-attribute', className)}
      aria-labelledby={headingId}
      aria-busy={isSaving || isLoading || undefined}
      data-component="WorkItemAttribute"
      data-state={isEditing ? 'editing' : 'idle'}
    >
      <div className="fk-work-item-attribute__header">
        <h3 id={headingId} className="fk-work-item-attribute__heading">
          {label}
        </h3>
        {actions}
        {isEditable && !isEditing ? (
          <EditButton
            isFocusedOnMount={returnFocus}
            className="fk-work-item-attribute__button"
            aria-label={`${WORK_ITEM_ATTRIBUTE_TEXTS.edit} ${label.toLowerCase()}`}
            // Not disabled while saving: it may hold focus (returned after the editor closed).
            aria-disabled={isSaving || undefined}
            disabled={isLoading}
            onPointerEnter={() => void loadEditor()}
            onFocus={() => void loadEditor()}
            onClick={requestOpen}
          >
            {WORK_ITEM_ATTRIBUTE_TEXTS.edit}
          </EditButton>
        ) : null}
        {isEditing ? (
          <>
            <Button className="fk-work-item-attribute__button" onClick={cancel}>
              {WORK_ITEM_ATTRIBUTE_TEXTS.cancel}
            </Button>
            <Button
              className="fk-work-item-attribute__button"
              variant="confirm"
              disabled={isInvalid}
              onClick={() => apply()}
            >
              {WORK_ITEM_ATTRIBUTE_TEXTS.apply}
            </Button>
          </>
        ) : null}
      </div>
      {error ? (
        <Alert className="fk-work-item-attribute__error" isDismissible onDismiss={clearError}>
          {error}
        </Alert>
      ) : null}
      {isEditing ? (
        <div
          role="group"
          aria-labelledby={headingId}
          className="fk-work-item-attribute__editor"
          data-component="WorkItemAttribute.Editor"
          {...keyboardProps}
        >
          {isEditorLoaded ? (
            renderEditor?.({ draft, setDraft, apply: (next) => apply(next), cancel, setInvalid, headingId })
          ) : (
            <SkeletonLoader lines={WORK_ITEM_ATTRIBUTE_SKELETON_LINES} />
          )}
        </div>
      ) : (
        <div className="fk-work-item-attribute__value" data-component="WorkItemAttribute.Value">
          {content}
        </div>
      )}
    </section>
  );
}

/** The Edit button; focused when it comes back after the editor closed by a key or a button. */
function EditButton({ isFocusedOnMount, ...props }: ButtonProps & { isFocusedOnMount: boolean }) {
  const ref = useRef<HTMLButtonElement & HTMLAnchorElement>(null);
  useEffect(() => {
    if (isFocusedOnMount) ref.current?.focus();
    // Only on mount: focus moves once, when the editor has just closed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <Button {...props} ref={ref} />;
}
