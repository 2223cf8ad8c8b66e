import { describe, expect, it } from 'vitest';
import { ADVERTISER_REPORT_BY, COMMON_REPORT_BY } from '@cryptads/contract/report-messages';
import { parseReportSearch, reportSearchParams } from './report-selection';

const today = '2026-03-31';
const parse = (q: string, allowed = ADVERTISER_REPORT_BY) => parseReportSearch(new URLSearchParams(q), allowed, today);

describe('report selection in the URL', () => {
  it('defaults to the last 7 days by date for all campaigns and websites', () => {
    expect(parse('')).toEqual({
      preset: 'last7',
      startDate: '2026-03-25',
      endDate: today,
      reportBy: 'date',
      campaigns: [],
      website: null,
      zone: null,
    });
  });

  it('reads a bookmarked custom range, dimension and campaigns, and writes the same query back', () => {
    const s = parse('period=custom&from=2026-03-01&to=2026-03-10&by=country&campaigns=3,1,3');
    expect(s).toMatchObject({ preset: 'custom', startDate: '2026-03-01', endDate: '2026-03-10', reportBy: 'country' });
    expect(s.campaigns).toEqual([3, 1]);
    expect(reportSearchParams(s).toString()).toBe(
      'period=custom&from=2026-03-01&to=2026-03-10&by=country&campaigns=3%2C1',
    );
  });

  it('falls back to defaults for values it does not accept', () => {
    const s = parse('period=forever&by=zone&campaigns=1;drop&website=-2&zone=xyz', COMMON_REPORT_BY);
    expect(s).toMatchObject({ preset: 'last7', reportBy: 'date', campaigns: [], website: null, zone: null });
    expect(parse('period=custom&from=2026-04-01&to=2026-04-02')).toMatchObject({ preset: 'last7', endDate: today });
    for (const website of ['1.5', '0', 'abc', '', '2147483648']) expect(parse(`website=${website}`).website).toBeNull();
    // Each field falls back on its own: a bad one leaves the others as bookmarked.
    expect(parse('by=zone&website=12&campaigns=4,0', COMMON_REPORT_BY)).toMatchObject({
      reportBy: 'date',
      website: 12,
      campaigns: [4],
    });
  });

  it('keeps a zone only beside its website', () => {
    expect(parse('zone=0123456789abcdef').zone).toBeNull();
    expect(parse('website=7&zone=0123456789abcdef')).toMatchObject({ website: 7, zone: '0123456789abcdef' });
  });
});
