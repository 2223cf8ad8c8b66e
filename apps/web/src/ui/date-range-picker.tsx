import { Group, InputBase, Loader, Popover, Select, Text } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { earliestReportDay, todayUtc } from '@cryptads/contract/dates';
import { REPORT_MESSAGES } from '@cryptads/contract/report-messages';
import { formatDate } from '../lib/format';
import { PERIOD_PRESETS, type PeriodPreset, presetRange } from './report-period';

// The calendar (about 12 KB gzip with its styles) loads when a person opens it, not with the page.
const RangeCalendar = lazy(async () => ({ default: (await import('./range-calendar')).RangeCalendar }));

export type PeriodValue = { preset: PeriodPreset; startDate: string; endDate: string };

/**
 * The report period (docs/product/reports.md#period): presets Today … Last 3 Months and Custom Range, a range
 * calendar whose weeks start on Monday and whose last day is today, and the note that days
 * are UTC. Choosing days in the calendar makes the period a Custom Range.
 */
export function DateRangePicker({
  value,
  onChange,
  testId = 'period',
}: {
  value: PeriodValue;
  onChange: (next: PeriodValue) => void;
  testId?: string;
}) {
  const today = todayUtc();
  const [open, setOpen] = useState(false);
  const text =
    value.startDate === value.endDate
      ? formatDate(value.startDate)
      : `${formatDate(value.startDate)} – ${formatDate(value.endDate)}`;

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label="Period"
        data={PERIOD_PRESETS.map((p) => ({ value: p.value, label: p.label }))}
        value={value.preset}
        onChange={(v) => {
          const preset = (v ?? 'last7') as PeriodPreset;
          if (preset === 'custom') {
            onChange({ ...value, preset });
            setOpen(true);
          } else onChange({ preset, ...presetRange(preset, today) });
        }}
        allowDeselect={false}
        w={{ base: '100%', xs: 170 }}
        data-testid={`${testId}-preset`}
      />
      <Popover opened={open} onChange={setOpen} position="bottom-start" shadow="md" trapFocus withinPortal>
        <Popover.Target>
          <InputBase
            component="button"
            type="button"
            label="Dates"
            pointer
            leftSection={<IconCalendar size={16} aria-hidden />}
            onClick={() => setOpen((o) => !o)}
            aria-haspopup="dialog"
            aria-expanded={open}
            w={{ base: '100%', xs: 250 }}
            data-testid={`${testId}-dates`}
          >
            {text}
          </InputBase>
        </Popover.Target>
        <Popover.Dropdown>
          <Suspense fallback={<Loader size="sm" m="md" role="status" aria-label="Loading the calendar" />}>
            {open ? (
              <RangeCalendar
                startDate={value.startDate}
                endDate={value.endDate}
                minDate={earliestReportDay(today)}
                maxDate={today}
                onPick={(range) => {
                  onChange({ preset: 'custom', ...range });
                  setOpen(false);
                }}
              />
            ) : null}
          </Suspense>
        </Popover.Dropdown>
      </Popover>
      <Text size="xs" c="dimmed" pb={8}>
        {REPORT_MESSAGES.utcNote}
      </Text>
    </Group>
  );
}
