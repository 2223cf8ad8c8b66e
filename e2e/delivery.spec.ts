import { expect, test } from '@playwright/test';
import type { TodayStats } from '@cryptads/contract/reports';
import type { WebsiteDetail } from '@cryptads/contract/websites';
import { api, createVerifiedUser } from './support/api';
import { screenshot } from './support/a11y';
import { operator } from './support/operator';
import { useOtherSites } from './support/other-sites';
import { png } from './support/png';
import { logIn } from './support/ui';

/**
 * A publisher's ad code on a page of another site serves a real campaign's banner;
 * clicking it lands on the advertiser's page with the tracking tokens filled, and the
 * impression and click are counted. The "other sites" are a local HTTP server reached under
 * *.e2e.test names (a landing URL must have a real-looking domain), mapped to 127.0.0.1.
 */
const sites = useOtherSites();

test('a zone ad code serves a running campaign, the click lands with its tokens, both are counted', async ({
  page,
  context,
  request,
}) => {
  // A new advertiser, funded by an account manager; its campaign outbids the demo ones (CPM €15).
  const advertiser = await createVerifiedUser(request, 'advertiser');
  expect(operator('user', 'credit', advertiser.email, '100', `e2e-${advertiser.email}`)).toContain('Credited €100.00');
  const token = advertiser.token;
  const upload = await api<{ resource: string; name: string }>(request, 'POST', '/uploads', {
    token,
    data: {
      purpose: 'banner',
      name: 'e2e-300x250.png',
      data: `data:image/png;base64,${png(300, 250, [240, 120, 30]).toString('base64')}`,
    },
  });
  expect(upload.status).toBe(200);
  const publisher = await createVerifiedUser(request, 'publisher');
  const site = await api<{ id: number }>(request, 'POST', '/websites', {
    token: publisher.token,
    data: { website: `https://news${Date.now().toString(36)}.example`, categories: [] },
  });
  expect(site.status).toBe(200);
  const siteId = site.body.response.id;
  expect(operator('website', 'approve', String(siteId))).toContain('approved');
  const detail = await api<WebsiteDetail>(request, 'GET', `/websites/${siteId}`, { token: publisher.token });
  const zone = detail.body.response.zones.find((z) => z.type === 1 && z.size === '300x250');
  expect(zone?.snippets[0]?.code).toContain('/tag.js');
  sites.adCode = zone?.snippets[0]?.code ?? '';

  const landing = `http://landing.e2e.test:${sites.port}/landing?zone={zone_id}&domain={domain}&cid={campaign_id}&size={banner_size}`;
  const created = await api<{ id: number }>(request, 'POST', '/campaigns', {
    token,
    data: {
      kind: 'display',
      name: 'E2E delivery',
      landingUrl: landing,
      price: 15,
      dailyBudget: 100,
      // Only this spec's zone: another journey's campaign at the same price never takes it.
      excludeFlag: false,
      excludeList: [zone?.unique ?? ''],
      category: 1,
      countries: [],
      creatives: [{ resource: upload.body.response.resource, name: upload.body.response.name }],
    },
  });
  expect(created.status).toBe(200);
  const campaignId = created.body.response.id;
  expect(operator('campaign', 'approve', String(campaignId))).toContain('approved');

  const before = (await api<TodayStats>(request, 'GET', '/reports', { token })).body.response;

  // The delivery index sees new campaigns within seconds: reload until this campaign's banner is
  // there (a demo campaign may fill the new zone until then).
  const creatives = await api<{ creatives: { url: string }[] }>(request, 'GET', `/campaigns/${campaignId}`, { token });
  const creativeFile = creatives.body.response.creatives[0]?.url.split('/').pop() ?? 'no creative';
  const frame = page.frameLocator('ins.cryptads-zone iframe');
  await expect(async () => {
    await page.goto(`http://publisher.e2e.test:${sites.port}/`);
    await expect(frame.locator(`img[src*="${creativeFile}"]`)).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 40_000 });
  const [landingPage] = await Promise.all([context.waitForEvent('page'), frame.locator('a').click()]);
  await landingPage.waitForURL(/\/landing\?/);
  const query = JSON.parse((await landingPage.locator('body').textContent()) ?? '{}') as Record<string, string>;
  expect(query).toEqual({
    zone: zone?.unique,
    domain: detail.body.response.domain,
    cid: String(campaignId),
    size: '300x250',
  });

  // Recorded within seconds (the recorder flushes every second): the advertiser's today numbers move.
  await expect
    .poll(
      async () => {
        const now = (await api<TodayStats>(request, 'GET', '/reports', { token })).body.response;
        return { impressions: now.impressions - before.impressions >= 1, clicks: now.clicks - before.clicks >= 1 };
      },
      { timeout: 15_000 },
    )
    .toEqual({ impressions: true, clicks: true });

  // The advertiser sees them in /reports/ (today, by campaign) and pays for the impressions.
  await logIn(page, advertiser);
  await page.goto('/reports/?period=today&by=campaign');
  const row = page.getByRole('table', { name: 'Report by Campaign' }).getByRole('row', { name: /E2E delivery/ });
  await expect(row).toBeVisible();
  await expect(page.getByTestId('total-impressions')).not.toHaveText('0');
  await expect(page.getByTestId('total-clicks')).not.toHaveText('0');
  await expect(page.getByTestId('header-balance')).not.toContainText('€100.00');
  await screenshot(page, 'reports-after-delivery'); // axe: reports-advertiser
});
