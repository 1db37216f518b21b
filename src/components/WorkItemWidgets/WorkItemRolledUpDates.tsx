import clsx from 'clsx';
import { WORK_ITEM_NONE_TEXT, WORK_ITEM_WIDGET_LABELS } from '../../utils/workItems';
import { formatCalendarDate } from './dates';
import './WorkItemWidgets.css';

/** Where a rolled-up date comes from: set by hand, or the earliest start / latest due of the children. */
export const ROLLED_UP_DATE_SOURCE_TEXTS = { fixed: 'Fixed', inherited: 'Inherited from children' } as const;

/** The rolled-up dates widget's row names. */
export const WORK_ITEM_ROLLED_UP_DATES_TEXTS = { start: 'Start', due: 'Due' } as const;

/** One rolled-up date (GitLab's `startDate`/`startDateIsFixed` and the work item or milestone it comes from). */
export interface RolledUpDate {
  /** `yyyy-mm-dd`, or `null` for none. */
  date: string | null;
  /** Set by hand, not inherited. */
  isFixed: boolean;
  /** The child item or milestone the inherited date comes from. @default undefined */
  source?: { title: string; webUrl?: string };
}

export interface WorkItemRolledUpDatesProps {
  startDate: RolledUpDate;
  dueDate: RolledUpDate;
  /** Class of the root element. */
  className?: string;
}

/** An epic's start and due dates, each 'Fixed' or 'Inherited from children' with its source (read-only). */
export function WorkItemRolledUpDates({ startDate, dueDate, className }: WorkItemRolledUpDatesProps) {
  const row = (name: 'start' | 'due', value: RolledUpDate) => (
    <div>
      <dt>{WORK_ITEM_ROLLED_UP_DATES_TEXTS[name]}:</dt>
      <dd>
        <span data-empty={value.date ? undefined : ''}>
          {value.date ? formatCalendarDate(value.date) : WORK_ITEM_NONE_TEXT}
        </span>
        <span className="fk-work-item-widgets__subtle" data-source={value.isFixed ? 'fixed' : 'inherited'}>
          {' '}
          ({value.isFixed ? ROLLED_UP_DATE_SOURCE_TEXTS.fixed : ROLLED_UP_DATE_SOURCE_TEXTS.inherited}
          {!value.isFixed && value.source ? (
            <>
              {': '}
              {value.source.webUrl ? <a href={value.source.webUrl}>{value.source.title}</a> : value.source.title}
            </>
          ) : null}
          )
        </span>
      </dd>
    </div>
  );
  return (
    <section
      className={clsx('fk-work-item-attribute', className)}
      aria-label={WORK_ITEM_WIDGET_LABELS.ROLLEDUP_DATES}
      data-component="WorkItemRolledUpDates"
      data-widget="ROLLEDUP_DATES"
    >
      <div className="fk-work-item-attribute__header">
        <h3 className="fk-work-item-attribute__heading">{WORK_ITEM_WIDGET_LABELS.ROLLEDUP_DATES}</h3>
      </div>
      <dl className="fk-work-item-widgets__dates">
        {row('start', startDate)}
        {row('due', dueDate)}
      </dl>
    </section>
  );
}
