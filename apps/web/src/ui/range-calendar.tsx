import '@mantine/dates/styles.css';
import { DatePicker } from '@mantine/dates';
import { useState } from 'react';
import { isoDay } from '@cryptads/contract/dates';

type Range = [string | null, string | null];
/** Mantine 9 answers 'YYYY-MM-DD' strings; a Date (older callers) is read as its UTC day. */
const asDay = (v: unknown): string | null =>
  typeof v === 'string' ? v.slice(0, 10) : v instanceof Date ? isoDay(v) : null;

/**
 * The range calendar of the period picker: weeks start on Monday, nothing after today or
 * before the first day with data. Loaded only when a person opens it (decision 008).
 */
export function RangeCalendar({
  startDate,
  endDate,
  minDate,
  maxDate,
  onPick,
}: {
  startDate: string;
  endDate: string;
  minDate: string;
  maxDate: string;
  onPick: (range: { startDate: string; endDate: string }) => void;
}) {
  const [range, setRange] = useState<Range>([startDate, endDate]);
  return (
    <DatePicker
      type="range"
      value={range}
      onChange={(next) => {
        const start = asDay(next[0]);
        const end = asDay(next[1]);
        setRange([start, end]);
        if (start && end) onPick({ startDate: start, endDate: end });
      }}
      defaultDate={endDate}
      minDate={minDate}
      maxDate={maxDate}
      firstDayOfWeek={1}
      allowSingleDateInRange
      numberOfColumns={1}
      data-testid="period-calendar"
    />
  );
}
