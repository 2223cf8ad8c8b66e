import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { todayUtc } from '@cryptads/contract/dates';
import { COMMON_REPORT_BY, ReportBy } from '@cryptads/contract/report-messages';
import { DEFAULT_PERIOD, PERIOD_PRESET_VALUES, type PeriodPreset, resolvePeriod } from './report-period';

/**
 * What a report shows, kept in the URL query so that a person can bookmark or share it
 * (state a user would bookmark lives in the URL, parsed with a schema). Anything the
 * schema does not accept falls back to its default instead of breaking the screen.
 */
export type ReportSelection = {
  preset: PeriodPreset;
  startDate: string;
  endDate: string;
  reportBy: ReportBy;
  /** Advertisers' campaigns filter; empty means all campaigns. */
  campaigns: number[];
  /** Publishers' Websites filter; null means all websites. */
  website: number | null;
  /** One zone (its public id) of the chosen website; null means all its zones. */
  zone: string | null;
};

const REPORT_BY_VALUES = Object.values(ReportBy) as [ReportBy, ...ReportBy[]];

const ReportSearchSchema = z.object({
  period: z.enum(PERIOD_PRESET_VALUES).catch(DEFAULT_PERIOD),
  from: z.string().optional().catch(undefined),
  to: z.string().optional().catch(undefined),
  by: z.enum(REPORT_BY_VALUES).catch(ReportBy.Date),
  campaigns: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,199}$/)
    .transform((s) => [...new Set(s.split(',').map(Number))].filter((n) => n > 0))
    .catch([]),
  website: z.coerce.number().int().positive().max(2_147_483_647).nullable().catch(null),
  zone: z
    .string()
    .regex(/^[0-9a-f]{16}$/)
    .nullable()
    .catch(null),
});

export function parseReportSearch(
  params: URLSearchParams,
  allowedBy: readonly ReportBy[] = COMMON_REPORT_BY,
  today: string = todayUtc(),
): ReportSelection {
  const raw = ReportSearchSchema.parse({
    period: params.get('period') ?? undefined,
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
    by: params.get('by') ?? undefined,
    campaigns: params.get('campaigns') ?? '',
    website: params.get('website'),
    zone: params.get('zone'),
  });
  const range = resolvePeriod({ preset: raw.period, startDate: raw.from, endDate: raw.to }, today);
  // A custom range the schema refused shows the default period, and says so in the picker.
  const preset =
    raw.period === 'custom' && (range.startDate !== raw.from || range.endDate !== raw.to) ? DEFAULT_PERIOD : raw.period;
  return {
    preset,
    ...range,
    reportBy: allowedBy.includes(raw.by) ? raw.by : ReportBy.Date,
    campaigns: raw.campaigns,
    website: raw.website,
    // A zone belongs to one website: without a website it means nothing.
    zone: raw.website === null ? null : raw.zone,
  };
}

export function reportSearchParams(s: ReportSelection): URLSearchParams {
  const p = new URLSearchParams();
  p.set('period', s.preset);
  if (s.preset === 'custom') {
    p.set('from', s.startDate);
    p.set('to', s.endDate);
  }
  p.set('by', s.reportBy);
  if (s.campaigns.length > 0) p.set('campaigns', s.campaigns.join(','));
  if (s.website !== null) p.set('website', String(s.website));
  if (s.website !== null && s.zone !== null) p.set('zone', s.zone);
  return p;
}

/** The selection in the URL, and `apply` that writes a new one (Generate Report). */
export function useReportSelection(allowedBy: readonly ReportBy[] = COMMON_REPORT_BY) {
  const [params, setParams] = useSearchParams();
  // Keyed by the query string: a new params object with the same query keeps the same selection.
  const key = params.toString();
  const selection = useMemo(() => parseReportSearch(new URLSearchParams(key), allowedBy), [key, allowedBy]);
  const apply = useCallback((next: ReportSelection) => setParams(reportSearchParams(next)), [setParams]);
  return [selection, apply] as const;
}

/**
 * The selection in the URL plus a draft the controls edit; `generate` makes the draft the
 * selection (Generate Report), or runs the same report again when nothing changed.
 */
export function useReportDraft(allowedBy: readonly ReportBy[] = COMMON_REPORT_BY) {
  const [selection, apply] = useReportSelection(allowedBy);
  const [draft, setDraft] = useState(selection);
  useEffect(() => setDraft(selection), [selection]);
  const generate = useCallback(
    (rerun: () => unknown) => {
      if (reportSearchParams(draft).toString() === reportSearchParams(selection).toString()) rerun();
      else apply(draft);
    },
    [draft, selection, apply],
  );
  return { selection, draft, setDraft, generate };
}
