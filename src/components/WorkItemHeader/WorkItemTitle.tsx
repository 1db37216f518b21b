import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { validateTitle } from '../../utils/validation';
import { Button } from '../Button';
import { Icon } from '../Icon';
import { TitleField } from '../TitleField';
import { WORK_ITEM_HEADER_TEXTS as TEXTS } from './messages';

export interface WorkItemTitleProps {
  /** The title shown (the optimistic one while a save runs). */
  title: string;
  /** Whether the user may edit it. */
  canUpdate: boolean;
  /** Saves a new title; the caller shows it at once and reverts it if this rejects. */
  onSave: (title: string) => void;
}

/**
 * The title as the page's `<h1>`, and when the user may edit it, an 'Edit title' button (or a
 * click on the title) that swaps it for a `TitleField`: Enter or Save saves, Escape or Cancel
 * gives up, and focus goes back to the 'Edit title' button either way.
 */
export function WorkItemTitle({ title, canUpdate, onSave }: WorkItemTitleProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const editButtonRef = useRef<HTMLButtonElement & HTMLAnchorElement>(null);
  // Focus moves into the field when editing starts, and back to the button when it ends (not on mount).
  const focusTarget = useRef<'input' | 'button' | null>(null);
  const isEditing = draft !== null;

  useEffect(() => {
    if (focusTarget.current === 'input') inputRef.current?.focus();
    if (focusTarget.current === 'button') editButtonRef.current?.focus();
    focusTarget.current = null;
  }, [isEditing]);

  const startEditing = () => {
    focusTarget.current = 'input';
    setDraft(title);
  };
  const stopEditing = () => {
    focusTarget.current = 'button';
    setDraft(null);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (draft === null || validateTitle(draft) !== '' || draft.trim() === '') return;
    const next = draft.trim();
    stopEditing();
    if (next !== title) onSave(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape') return;
    // The Escape is the field's: a surrounding dialog or menu must not close too.
    event.stopPropagation();
    stopEditing();
  };

  if (isEditing) {
    return (
      <form className="fk-work-item-header__title-form" data-component="WorkItemHeader.TitleForm" onSubmit={submit}>
        <TitleField
          ref={inputRef}
          label={TEXTS.titleLabel}
          value={draft}
          onChange={setDraft}
          required
          onKeyDown={onKeyDown}
          className="fk-work-item-header__title-field"
        />
        <div className="fk-work-item-header__title-actions">
          <Button type="submit" variant="confirm">
            {TEXTS.save}
          </Button>
          <Button onClick={stopEditing}>{TEXTS.cancel}</Button>
        </div>
      </form>
    );
  }

  return (
    <div className="fk-work-item-header__title-row">
      {/* A click on the title starts editing too (GitLab's behaviour); keyboard users have the button. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
      <h1
        className="fk-work-item-header__title"
        data-component="WorkItemHeader.Title"
        data-editable={canUpdate || undefined}
        onClick={canUpdate ? startEditing : undefined}
      >
        {title}
      </h1>
      {canUpdate ? (
        <Button
          ref={editButtonRef}
          className="fk-work-item-header__edit"
          data-component="WorkItemHeader.EditTitle"
          aria-label={TEXTS.editTitle}
          onClick={startEditing}
        >
          <Icon name="pencil" />
        </Button>
      ) : null}
    </div>
  );
}
