import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { todayUtc } from '@cryptads/contract/dates';
import { COMMON_REPORT_BY, ReportBy } from '@cryptads/contract/report-messages';
import { DEFAULT_PERIOD, PERIOD_PRESET_VALUES, type PeriodPreset, resolvePeriod } from './report-period';

/**
 * What a report shows, kept in the URL query so that a person can bookmark or share it
 * (state a user would bookmark lives in the URL). Anything the reader does not accept falls
 * back to its default instead of breaking the screen.
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

const REPORT_BY_VALUES = Object.values(ReportBy);
const CAMPAIGN_IDS = /^\d{1,10}(,\d{1,10}){0,199}$/;
const ZONE_ID = /^[0-9a-f]{16}$/;
const ID_MAX = 2_147_483_647;

/** `value` when it is one of `values`, else the fallback. */
const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.find((v) => v === value) ?? fallback;

/**
 * The query read field by field, each one falling back to its default on its own. A few
 * checks written out instead of a zod schema: the reports screen then downloads no schema
 * library for its URL (decision 048).
 */
function readReportSearch(params: URLSearchParams) {
  const campaigns = params.get('campaigns') ?? '';
  const website = params.get('website');
  const websiteId = website === null ? null : Number(website);
  const zone = params.get('zone');
  return {
    period: oneOf(PERIOD_PRESET_VALUES, params.get('period'), DEFAULT_PERIOD),
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
    by: oneOf(REPORT_BY_VALUES, params.get('by'), ReportBy.Date),
    campaigns: CAMPAIGN_IDS.test(campaigns) ? [...new Set(campaigns.split(',').map(Number))].filter((n) => n > 0) : [],
    website:
      websiteId !== null && Number.isInteger(websiteId) && websiteId > 0 && websiteId <= ID_MAX ? websiteId : null,
    zone: zone !== null && ZONE_ID.test(zone) ? zone : null,
  };
}

export function parseReportSearch(
  params: URLSearchParams,
  allowedBy: readonly ReportBy[] = COMMON_REPORT_BY,
  today: string = todayUtc(),
): ReportSelection {
  const raw = readReportSearch(params);
  const range = resolvePeriod({ preset: raw.period, startDate: raw.from, endDate: raw.to }, today);
  // A custom range that was refused shows the default period, and says so in the picker.
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
