import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps } from '@mantine/dates';

/** 'dd/mm/yyyy' (also with '.' or '-') to 'YYYY-MM-DD'; null when it is not a real day. */
export function parseDayMonthYear(text: string): string | null {
  const match = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

type Props = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser'> & {
  /** 'YYYY-MM-DD', or '' for none. */
  value: string;
  onChange: (day: string) => void;
};

/**
 * A day field of the en-GB product: reads and types dd/mm/yyyy whatever the browser's locale
 * (a native date input follows the browser and showed mm/dd/yyyy), weeks from Monday, and
 * answers the 'YYYY-MM-DD' day the API takes.
 */
export function DayInput({ value, onChange, ...props }: Props) {
  // Mantine's clear button carries only an icon: name it after the field.
  const clearLabel = typeof props.label === 'string' ? `Clear ${props.label}` : 'Clear the date';
  return (
    <DateInput
      clearButtonProps={{ 'aria-label': clearLabel }}
      {...props}
      value={value || null}
      onChange={(next) => onChange(typeof next === 'string' ? next.slice(0, 10) : '')}
      valueFormat="DD/MM/YYYY"
      dateParser={parseDayMonthYear}
      placeholder="dd/mm/yyyy"
      firstDayOfWeek={1}
      clearable
    />
  );
}
