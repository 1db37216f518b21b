import { useState } from 'react';
import { formatDate, isValidDate, INVALID_DATE_MESSAGE, type DateInput } from '../../utils/date';

/** Dates of the widgets are calendar days (`yyyy-mm-dd`), read and shown in UTC so no zone shifts them. */
const CALENDAR_ZONE = { timeZone: 'UTC' } as const;

/** 'Nov 30, 2026' for '2026-11-30'; 'Invalid date' for a text that is not a date. */
export function formatCalendarDate(date: string): string {
  return isValidDate(date) ? formatDate(date, 'mediumDate', CALENDAR_ZONE) : INVALID_DATE_MESSAGE;
}

/** Today's calendar day (`yyyy-mm-dd`) at `now`, in the user's time zone. */
export function calendarToday(now: DateInput): string {
  return formatDate(now, 'yyyy-mm-dd');
}

/** `now`, or the time of the first render (fixed for the component's life: days are compared, not seconds). */
export function useNow(now: DateInput | undefined): DateInput {
  const [firstRender] = useState(() => Date.now());
  return now ?? firstRender;
}
