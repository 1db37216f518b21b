import { useState } from 'react';
import { PAST_DUE_TEXT } from '../../utils/timeAgo';
import { INVALID_DATE_MESSAGE, type DateInput } from '../../utils/date';
import { WORK_ITEM_WIDGET_LABELS } from '../../utils/workItems';
import { Badge } from '../Badge';
import { Button } from '../Button';
import {
  WorkItemAttribute,
  WORK_ITEM_ATTRIBUTE_TEXTS,
  type WorkItemAttributeEditor,
} from '../WorkItemAttribute/WorkItemAttribute';
import { isPastDue } from '../../utils/date';
import { formatCalendarDate, useNow } from './dates';
import type { WorkItemWidgetBaseProps } from './types';
import './WorkItemWidgets.css';

/** The dates widget's texts (GitLab's). */
export const WORK_ITEM_DATES_TEXTS = { start: 'Start', due: 'Due', clear: 'Clear' } as const;

/** Start and due day (`yyyy-mm-dd`, or `null` for none): GitLab's `startDate` and `dueDate`. */
export interface WorkItemDatesValue {
  startDate: string | null;
  dueDate: string | null;
}

export interface WorkItemDatesProps extends WorkItemWidgetBaseProps, WorkItemDatesValue {
  /** Saves both days (optimistic, reverted on rejection). */
  onChange?: (dates: WorkItemDatesValue) => Promise<void>;
  /** Whether the item is closed: a closed item is never past due. @default false */
  isClosed?: boolean;
  /** What 'now' is, for 'Past due' (fixed in tests and stories). @default Date.now() */
  now?: DateInput;
}

/**
 * The start and due day; a due day before today shows 'Past due' (on open items). Editing gives
 * two date fields; a due day before the start moves to the start, and a field the browser cannot
 * read as a day refuses to apply with 'Invalid date'.
 */
export function WorkItemDates({ startDate, dueDate, onChange, isClosed = false, now, ...rest }: WorkItemDatesProps) {
  const today = useNow(now);
  return (
    <WorkItemAttribute<WorkItemDatesValue>
      {...rest}
      label={WORK_ITEM_WIDGET_LABELS.START_AND_DUE_DATE}
      data-widget="START_AND_DUE_DATE"
      value={{ startDate, dueDate }}
      isEqual={(a, b) => a.startDate === b.startDate && a.dueDate === b.dueDate}
      isEmpty={() => false}
      onChange={onChange}
      renderValue={(dates) => (
        <dl className="fk-work-item-widgets__dates">
          <div>
            <dt>{WORK_ITEM_DATES_TEXTS.start}:</dt>
            <dd data-empty={dates.startDate ? undefined : ''}>
              {dates.startDate ? formatCalendarDate(dates.startDate) : WORK_ITEM_ATTRIBUTE_TEXTS.none}
            </dd>
          </div>
          <div>
            <dt>{WORK_ITEM_DATES_TEXTS.due}:</dt>
            <dd data-empty={dates.dueDate ? undefined : ''}>
              {dates.dueDate ? formatCalendarDate(dates.dueDate) : WORK_ITEM_ATTRIBUTE_TEXTS.none}
              {!isClosed && isPastDue(dates.dueDate, today) ? (
                <Badge variant="danger" size="sm" className="fk-work-item-widgets__past-due">
                  {PAST_DUE_TEXT}
                </Badge>
              ) : null}
            </dd>
          </div>
        </dl>
      )}
      renderEditor={(editor) => <DatesEditor editor={editor} />}
    />
  );
}

function DatesEditor({ editor }: { editor: WorkItemAttributeEditor<WorkItemDatesValue> }) {
  const [invalid, setInvalid] = useState<{ start: boolean; due: boolean }>({ start: false, due: false });
  const field = (name: 'start' | 'due') => {
    const key = name === 'start' ? 'startDate' : 'dueDate';
    // "Bad input": the field holds something (a month alone) that is not a day; its value is ''.
    const checkInput = (input: HTMLInputElement) => {
      if (input.validity.badInput === invalid[name]) return;
      const nextInvalid = { ...invalid, [name]: input.validity.badInput };
      setInvalid(nextInvalid);
      editor.setInvalid(nextInvalid.start || nextInvalid.due);
    };
    const id = `${editor.headingId}-${name}`;
    const errorId = `${id}-error`;
    return (
      <div className="fk-work-item-widgets__field">
        <label htmlFor={id}>{WORK_ITEM_DATES_TEXTS[name]}</label>
        <input
          id={id}
          type="date"
          className="fk-work-item-widgets__input"
          // The first field takes focus as the editor opens, as GitLab's date picker does.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={name === 'start'}
          value={editor.draft[key] ?? ''}
          min={name === 'due' ? (editor.draft.startDate ?? undefined) : undefined}
          aria-invalid={invalid[name] || undefined}
          aria-describedby={invalid[name] ? errorId : undefined}
          onChange={(event) => {
            checkInput(event.target);
            const value = event.target.value || null;
            const next = { ...editor.draft, [key]: value };
            if (name === 'start' && value && next.dueDate && next.dueDate < value) next.dueDate = value;
            editor.setDraft(next);
          }}
          // A partly typed day changes no value (no change event): check as keys go up and on leaving.
          onKeyUp={(event) => checkInput(event.currentTarget)}
          onBlur={(event) => checkInput(event.currentTarget)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !invalid.start && !invalid.due) editor.apply();
          }}
        />
        {invalid[name] ? (
          <p id={errorId} className="fk-work-item-widgets__error" role="alert">
            {INVALID_DATE_MESSAGE}
          </p>
        ) : null}
        <Button
          className="fk-work-item-widgets__link-button"
          aria-label={`${WORK_ITEM_DATES_TEXTS.clear} ${WORK_ITEM_DATES_TEXTS[name].toLowerCase()} date`}
          onClick={() => {
            const nextInvalid = { ...invalid, [name]: false };
            setInvalid(nextInvalid);
            editor.setInvalid(nextInvalid.start || nextInvalid.due);
            editor.setDraft({ ...editor.draft, [key]: null });
          }}
        >
          {WORK_ITEM_DATES_TEXTS.clear}
        </Button>
      </div>
    );
  };
  return (
    <div className="fk-work-item-widgets__fields">
      {field('start')}
      {field('due')}
    </div>
  );
}
