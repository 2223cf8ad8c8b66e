import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reportEndpoints } from '@cryptads/contract/endpoints/reports';
import { sellerEndpoints } from '@cryptads/contract/endpoints/sellers';
import { websiteEndpoints } from '@cryptads/contract/endpoints/websites';
import type { AdsTxtState } from '@cryptads/contract/sellers';
import type { WebsiteDetail, Zone } from '@cryptads/contract/websites';
import { GENERIC_MESSAGES } from '@cryptads/contract/api';
import { ADS_TXT_MESSAGES, WEBSITE_MESSAGES, WebsiteStatus, ZoneStatus } from '@cryptads/contract/websites-messages';
import { saveSession } from '../../../lib/session';
import { answer, failure, sentTo, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { WebsiteRoutes } from './website-routes';

const zone = (over: Partial<Zone>): Zone => ({
  unique: 'z1',
  alias: 'Top banner',
  type: 1,
  size: '728x90',
  status: ZoneStatus.Active,
  websiteId: 5,
  websiteStatus: WebsiteStatus.Active,
  domain: 'coins.example',
  snippets: [{ variant: 'default', label: 'Ad code', code: '<script src="https://ads.example/z1.js"></script>' }],
  date: '2026-11-20T10:00:00.000Z',
  ...over,
});

const website = (over: Partial<WebsiteDetail> = {}): WebsiteDetail => ({
  id: 5,
  domain: 'coins.example',
  url: 'https://coins.example',
  name: 'coins.example',
  status: WebsiteStatus.Active,
  date: '2026-11-20T10:00:00.000Z',
  verified: true,
  verifiedAt: '2026-11-20T11:00:00.000Z',
  excludedCategories: [],
  clicks: 0,
  impressions: 0,
  spent: 0,
  tags: 2,
  zones: [zone({}), zone({ unique: 'z2', alias: 'Sidebar', size: '160x600', status: ZoneStatus.Paused, snippets: [] })],
  ...over,
});

let current: WebsiteDetail;

const LINE = 'cryptads.example, 0a1b2c3d4e5f6789, DIRECT, f08c47fec0942fa0';
/** The website's ads.txt before any check. */
const unchecked: AdsTxtState = {
  websiteId: 5,
  line: LINE,
  domain: 'cryptads.example',
  sellerId: '0a1b2c3d4e5f6789',
  fileUrl: 'https://coins.example/ads.txt',
  status: null,
  reasonCode: null,
  reason: null,
  foundLine: null,
  checkedAt: null,
};
/** What the next POST /ads-txt answers (a state, or a failure). */
let nextCheck: AdsTxtState | Response;

// The router loads the website screen lazily: its first import (the screen and what it imports,
// transformed on demand) happens once here, not inside the first test that opens it, where
// beside two busy cores it took longer than the test's wait for the screen.
beforeAll(async () => {
  await import('./website-page');
});

const none = {
  impressions: 0,
  clicks: 0,
  money: 0,
  ctr: 0,
  eCpm: 0,
  filteredImpressions: 0,
  filteredClicks: 0,
  measuredImpressions: 0,
  viewableImpressions: 0,
  viewabilityRate: null,
};
const emptyReport = {
  reportBy: 'date',
  startDate: '',
  endDate: '',
  rows: [],
  totals: none,
  daily: [],
  filtered: [],
};

beforeEach(() => {
  current = website();
  saveSession({ userType: 2 });
  serve(
    answer(websiteEndpoints.options, { categories: [{ id: 3, name: 'Gambling' }], countries: [] }),
    answer(websiteEndpoints.validation, ({ query }) =>
      query.get('websiteId') === '5'
        ? {
            id: 5,
            domain: 'coins.example',
            url: 'https://coins.example',
            status: WebsiteStatus.Pending,
            token: 'tok-5',
            verified: false,
            verifiedAt: null,
            metaTag: '<meta name="cryptads-site-verification" content="tok-5">',
            fileUrl: 'https://coins.example/.well-known/cryptads-verification.txt',
            fileContent: 'tok-5',
          }
        : failure(404, 'Not found'),
    ),
    answer(websiteEndpoints.detail, ({ params }) => (params.id === '5' ? current : failure(404, 'Not found'))),
    answer(websiteEndpoints.update, ({ params, body }) => {
      if (params.id !== '5') return failure(404, 'Not found');
      const change = body as { aliases?: Record<string, string>; categories?: number[] };
      if (change.aliases) {
        const aliases = change.aliases;
        current = { ...current, zones: current.zones.map((z) => ({ ...z, alias: aliases[z.unique] ?? z.alias })) };
      }
      if (change.categories) current = { ...current, excludedCategories: change.categories };
      return current;
    }),
    answer(reportEndpoints.report, emptyReport),
    answer(reportEndpoints.zoneReport, emptyReport),
    answer(sellerEndpoints.adsTxt, ({ params }) => (params.id === '5' ? unchecked : failure(404, 'Not found'))),
    answer(sellerEndpoints.checkAdsTxt, () => nextCheck),
  );
  nextCheck = unchecked;
});

const open = (path: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/" element={<p>home</p>} />
      <Route path="/websites/*" element={<WebsiteRoutes />} />
    </Routes>,
    { route: path },
  );

const putBodies = () => sentTo(websiteEndpoints.update).map((r) => r.body);

describe('website tabs', () => {
  it('sends an advertiser back home', async () => {
    saveSession({ userType: 1 });
    open('/websites/all/ad-codes/5/');
    expect(await screen.findByText('home')).toBeInTheDocument();
  });

  it('offers Get Code only for an active zone of an approved website, and copies with 1 s of feedback', async () => {
    const user = userEvent.setup();
    open('/websites/all/ad-codes/5/');
    const rows = await screen.findAllByRole('row');
    const top = rows.find((r) => within(r).queryByText('Top banner'));
    const side = rows.find((r) => within(r).queryByText('Sidebar'));
    expect(top && within(top).getByRole('button', { name: 'Get code of Top banner' })).toBeInTheDocument();
    expect(side && within(side).queryByRole('button', { name: /Get code/ })).toBeNull();
    expect(side && within(side).getByTestId('zone-inactive')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Get code of Top banner' }));
    const modal = await screen.findByTestId('zone-code-modal');
    expect(within(modal).getByTestId('zone-snippet-default')).toHaveTextContent('ads.example/z1.js');
    await user.click(within(modal).getByRole('button', { name: /Copy/ }));
    // user-event puts its own clipboard in place of the browser's.
    expect(await navigator.clipboard.readText()).toBe('<script src="https://ads.example/z1.js"></script>');
    expect(within(modal).getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    await waitFor(() => expect(within(modal).getByRole('button', { name: /Copy ad code/ })).toBeInTheDocument(), {
      timeout: 2000,
    });
  });

  it('shows a dash instead of Get Code while the website is not approved, with its verification', async () => {
    current = website({
      status: WebsiteStatus.Pending,
      verified: false,
      zones: [zone({ status: ZoneStatus.Pending, websiteStatus: WebsiteStatus.Pending, snippets: [] })],
    });
    open('/websites/all/ad-codes/5/');
    expect(await screen.findByTestId('no-code')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Get code/ })).toBeNull();
    expect(await screen.findByTestId('verification-token')).toHaveTextContent('tok-5');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeInTheDocument();
  });

  it('refuses an alias over the limit and saves a new one', async () => {
    const user = userEvent.setup();
    open('/websites/all/ad-codes/5/');
    await user.click(await screen.findByRole('button', { name: 'Edit alias of Top banner' }));
    const input = await screen.findByLabelText(/Zone alias/);
    await user.clear(input);
    await user.click(input);
    await user.paste('x'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(WEBSITE_MESSAGES.aliasTooLong)).toBeInTheDocument();
    expect(putBodies()).toEqual([]);
    await user.clear(input);
    await user.type(input, 'Header leaderboard');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(WEBSITE_MESSAGES.aliasSaved)).toBeInTheDocument();
    expect(putBodies()).toEqual([{ aliases: { z1: 'Header leaderboard' } }]);
    expect(await screen.findByText('Header leaderboard')).toBeInTheDocument();
  });

  it('saves the excluded categories of the Preferences tab', async () => {
    const user = userEvent.setup();
    open('/websites/all/preferences/5/');
    await user.click(await screen.findByRole('checkbox', { name: 'Gambling' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(WEBSITE_MESSAGES.websiteUpdated)).toBeInTheDocument();
    expect(putBodies()).toEqual([{ categories: [3] }]);
  });

  it('reports the earnings of this website, or of one of its zones', async () => {
    // Zone ids are 16 hex digits: the report's URL state refuses anything else.
    current = website({
      zones: [zone({ unique: '00000000000000a1' }), zone({ unique: '00000000000000b2', alias: 'Sidebar' })],
    });
    const user = userEvent.setup();
    open('/websites/all/reports/5/');
    expect(await screen.findByText('No data available.')).toBeInTheDocument();
    const reportUrls = () =>
      sentTo()
        .map((r) => r.url)
        .filter((u) => u.startsWith('/api/reports/'));
    expect(reportUrls()[0]).toMatch(/^\/api\/reports\/all\/5\?group=report&reportBy=date&/);
    expect(screen.getByRole('columnheader', { name: /Earnings/ })).toBeInTheDocument();
    await user.click(screen.getByLabelText('Zone', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Sidebar (00000000000000b2)' }));
    await user.click(screen.getByRole('button', { name: 'Generate Report' }));
    await waitFor(() =>
      expect(reportUrls().at(-1)).toMatch(/^\/api\/reports\/all\/zone\/00000000000000b2\?group=report&/),
    );
  }, 30_000);
});

describe('the ads.txt card', () => {
  it('shows the exact line with a Copy button, then each check: wrong with the line quoted, present, refused', async () => {
    const user = userEvent.setup();
    open('/websites/all/ad-codes/5/');
    const card = await screen.findByTestId('ads-txt');
    expect(await within(card).findByTestId('ads-txt-line')).toHaveTextContent(LINE);
    expect(within(card).getByTestId('ads-txt-status')).toHaveTextContent('Not checked yet');
    expect(within(card).getByTestId('ads-txt-reason')).toHaveTextContent(ADS_TXT_MESSAGES.neverChecked);
    await user.click(within(card).getByRole('button', { name: /Copy your ads.txt line/ }));
    expect(await navigator.clipboard.readText()).toBe(LINE);

    nextCheck = {
      ...unchecked,
      status: 'wrong',
      reasonCode: 'other-seller-id',
      reason: 'https://coins.example/ads.txt has a line for cryptads.example with another seller ID than yours.',
      foundLine: 'cryptads.example, 1234, DIRECT',
      checkedAt: '2026-12-01T09:30:00.000Z',
    };
    await user.click(within(card).getByRole('button', { name: ADS_TXT_MESSAGES.checkNow }));
    expect(await within(card).findByTestId('ads-txt-found-line')).toHaveTextContent('cryptads.example, 1234, DIRECT');
    expect(within(card).getByTestId('ads-txt-status')).toHaveTextContent('Line wrong');
    expect(within(card).getByTestId('ads-txt-reason')).toHaveTextContent(/another seller ID than yours/);
    expect(within(card).getByTestId('ads-txt-checked-at')).toHaveTextContent(/^Last checked .*2026/);
    expect(sentTo(sellerEndpoints.checkAdsTxt).map((r) => r.url)).toEqual(['/api/websites/5/ads-txt']);

    nextCheck = {
      ...unchecked,
      status: 'present',
      reasonCode: 'found',
      reason: 'https://coins.example/ads.txt authorises us.',
      checkedAt: '2026-12-01T09:31:00.000Z',
    };
    await user.click(within(card).getByRole('button', { name: ADS_TXT_MESSAGES.checkNow }));
    await waitFor(() => expect(within(card).getByTestId('ads-txt-status')).toHaveTextContent('Line present'));
    expect(within(card).queryByTestId('ads-txt-found-line')).toBeNull();

    nextCheck = failure(429, GENERIC_MESSAGES.tooManyRequests);
    await user.click(within(card).getByRole('button', { name: ADS_TXT_MESSAGES.checkNow }));
    expect(await within(card).findByTestId('ads-txt-failure')).toHaveTextContent(GENERIC_MESSAGES.tooManyRequests);
    expect(within(card).getByTestId('ads-txt-status')).toHaveTextContent('Line present');
  });
});
