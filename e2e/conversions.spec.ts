import { expect, type Locator, type Page, test } from '@playwright/test';
import type { TodayStats } from '@cryptads/contract/reports';
import type { WebsiteDetail } from '@cryptads/contract/websites';
import { checkScreen, screenshot } from './support/a11y';
import { api, createVerifiedUser } from './support/api';
import { operator } from './support/operator';
import { useOtherSites } from './support/other-sites';
import { png } from './support/png';
import { logIn, settle } from './support/ui';

/**
 * Conversion tracking end to end: an advertiser adds a goal on the campaign page, a visitor
 * clicks the campaign's ad on a publisher's page (the real /serve and /click), the advertiser
 * sends a test conversion from the panel and its server reports the click's conversion through
 * the real /postback; Reports then show it by campaign, zone and country. The other sites are
 * a local HTTP server reached under *.e2e.test names, as in delivery.spec.ts.
 */
const sites = useOtherSites();

/** The cell of `row` under the column headed `header` (a wide DataTable). */
async function cell(table: Locator, row: Locator, header: string) {
  const headers = (await table.getByRole('columnheader').allTextContents()).map((h) => h.trim());
  const index = headers.indexOf(header);
  expect(index, `column ${header} in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return row.getByRole('cell').nth(index);
}

/** Today's report of `by`: the row labelled `label` shows one conversion worth €40.00 costing the row's whole cost. */
async function expectOneConversion(page: Page, by: string, title: string, label: string | RegExp) {
  await page.goto(`/reports/?period=today&by=${by}`);
  const table = page.getByRole('table', { name: `Report by ${title}` });
  const row = table.getByRole('row', { name: label });
  await expect(row).toBeVisible();
  await expect(await cell(table, row, 'Conversions')).toHaveText('1');
  await expect(await cell(table, row, 'Conversion value')).toHaveText('€40.00');
  // One conversion: it cost what the row cost.
  const cost = (await (await cell(table, row, 'Cost')).textContent()) ?? '';
  expect(cost).toMatch(/^€\d/);
  await expect(await cell(table, row, 'Cost per conversion')).toHaveText(cost);
  return table;
}

test('an advertiser sets a goal, a billed click converts through the postback, and Reports show it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  // A funded advertiser whose campaign outbids the demo ones (CPM €15), landing with its click id.
  const advertiser = await createVerifiedUser(request, 'advertiser');
  expect(operator('user', 'credit', advertiser.email, '100', `e2e-${advertiser.email}`)).toContain('Credited €100.00');
  const token = advertiser.token;
  const upload = await api<{ resource: string; name: string }>(request, 'POST', '/uploads', {
    token,
    data: {
      purpose: 'banner',
      name: 'e2e-conv-300x250.png',
      data: `data:image/png;base64,${png(300, 250, [30, 140, 90]).toString('base64')}`,
    },
  });
  expect(upload.status).toBe(200);
  const publisher = await createVerifiedUser(request, 'publisher');
  const site = await api<{ id: number }>(request, 'POST', '/websites', {
    token: publisher.token,
    data: { website: `https://conv${Date.now().toString(36)}.example`, categories: [] },
  });
  expect(site.status).toBe(200);
  const siteId = site.body.response.id;
  expect(operator('website', 'approve', String(siteId))).toContain('approved');
  const detail = await api<WebsiteDetail>(request, 'GET', `/websites/${siteId}`, { token: publisher.token });
  const zone = detail.body.response.zones.find((z) => z.type === 1 && z.size === '300x250');
  sites.adCode = zone?.snippets[0]?.code ?? '';
  expect(sites.adCode).toContain('/tag.js');

  const created = await api<{ id: number }>(request, 'POST', '/campaigns', {
    token,
    data: {
      kind: 'display',
      name: 'E2E conversions',
      landingUrl: `http://landing.e2e.test:${sites.port}/landing?click_id={click_id}`,
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

  // The advertiser adds a goal on the campaign's Setup tab.
  await logIn(page, advertiser);
  await page.goto(`/campaigns/all/setup/${campaignId}/`);
  const panel = page.getByTestId('tracking-panel');
  await expect(panel.getByText('No goals yet: a conversion needs one.')).toBeVisible();
  await panel.getByTestId('goal-name').fill('signup');
  await panel.getByTestId('goal-value').fill('12.5');
  await panel.getByRole('button', { name: 'Add goal' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Continue' }).click();
  await expect(panel.getByTestId('goal-row')).toHaveText(/signup.*€12\.50/);
  // Its default value changes in the goal's dialog.
  await panel.getByRole('button', { name: 'Edit goal signup' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit goal signup' });
  await expect(edit.getByTestId('edit-goal-name')).toHaveValue('signup');
  await edit.getByTestId('edit-goal-value').fill('15');
  await settle(page);
  await checkScreen(page, 'conversions-edit-goal');
  await edit.getByRole('button', { name: 'Save goal' }).click();
  await expect(edit).toBeHidden();
  await page.getByRole('dialog').getByRole('button', { name: 'Continue' }).click();
  await expect(panel.getByTestId('goal-row')).toHaveText(/signup.*€15\.00/);

  // "Send a test conversion": accepted, marked test (it stays out of reports).
  await panel.getByTestId('send-test').click();
  await expect(panel.getByTestId('test-result')).toContainText(
    'The server received the test conversion (marked test, not in reports).',
  );
  await expect(panel).toContainText('Conversions so far: 0 (and 1 test).');
  await panel.scrollIntoViewIfNeeded();
  await checkScreen(page, 'conversions-tracking-panel');

  // A visitor sees the ad on the publisher's page and clicks it: the landing URL carries the click id.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  const frame = visitorPage.frameLocator('ins.cryptads-zone iframe');
  // This campaign's banner, not a demo campaign's that may fill the new zone until it is indexed.
  const creatives = await api<{ creatives: { url: string }[] }>(request, 'GET', `/campaigns/${campaignId}`, { token });
  const creativeFile = creatives.body.response.creatives[0]?.url.split('/').pop() ?? 'no creative';
  await expect(async () => {
    await visitorPage.goto(`http://publisher.e2e.test:${sites.port}/`);
    await expect(frame.locator(`img[src*="${creativeFile}"]`)).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 40_000 });
  const [landingPage] = await Promise.all([visitor.waitForEvent('page'), frame.locator('a').click()]);
  await landingPage.waitForURL(/\/landing\?/);
  const landing = JSON.parse((await landingPage.locator('body').textContent()) ?? '{}') as Record<string, string>;
  const clickId = landing.click_id ?? '';
  expect(clickId).toMatch(/^[A-Za-z0-9_-]{22}$/);
  await visitor.close();

  // The click is billed once its batch is recorded (the recorder flushes every second).
  await expect
    .poll(async () => (await api<TodayStats>(request, 'GET', '/reports', { token })).body.response.clicks, {
      timeout: 15_000,
    })
    .toBe(1);

  // The advertiser's server reports the conversion with the postback URL the panel shows.
  const postbackUrl = (await panel.getByTestId('postback-url').textContent()) ?? '';
  expect(postbackUrl).toContain('/postback?click_id={click_id}&goal={goal}&value={value}&currency=EUR&token=');
  const postback = new URL(
    postbackUrl.replace('{click_id}', encodeURIComponent(clickId)).replace('{goal}', 'signup').replace('{value}', '40'),
  );
  const accepted = await request.get(`${postback.pathname}${postback.search}`);
  expect(accepted.status()).toBe(200);
  expect(await accepted.json()).toMatchObject({
    status: 'accepted',
    conversion: { clickId, goal: 'signup', value: 40, campaignId, test: false },
  });
  // The same click and goal again: refused as a duplicate, counted on the panel.
  const again = await request.get(`${postback.pathname}${postback.search}`);
  expect(again.status()).toBe(409);
  await page.reload();
  await expect(panel).toContainText('Conversions so far: 1 (and 1 test).');
  await expect(panel.getByTestId('refusal-duplicate')).toContainText('1');

  // Reports: one conversion (the test one is not there) by campaign, by zone and by country.
  await expectOneConversion(page, 'campaign', 'Campaign', /E2E conversions/);
  await expect(page.getByTestId('total-clicks')).toHaveText('1');
  await expect(page.getByTestId('total-conversions')).toHaveText('1');
  await expect(page.getByTestId('total-conversion-value')).toHaveText('€40.00');
  await expect(page.getByTestId('total-cost-per-conversion')).toHaveText(
    (await page.getByTestId('total-money').textContent()) ?? '',
  );
  await checkScreen(page, 'conversions-report-campaign');
  await expectOneConversion(page, 'zone', 'Zone', new RegExp(detail.body.response.domain.replace(/\./g, '\\.')));
  await checkScreen(page, 'conversions-report-zone');
  // The visitor's browser is a desktop one.
  await expectOneConversion(page, 'device', 'Devices', /Desktop/);
  await screenshot(page, 'conversions-report-device'); // axe: conversions-report-campaign
  // No geo header in the test: the visitor's country is Unknown.
  await expectOneConversion(page, 'country', 'Countries', /Unknown/);
  await checkScreen(page, 'conversions-report-country');

  // On a phone: the panel and the report (cards) are whole and pass axe too.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('report-table')).toHaveAttribute('data-layout', 'cards');
  const card = page.getByTestId('report-table').locator('[data-phone-row]').filter({ hasText: 'Unknown' });
  await card.getByRole('button', { name: /More details/ }).click();
  await expect(card).toContainText('Conversions');
  await expect(card).toContainText('€40.00');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await checkScreen(page, 'conversions-report-phone');
  await page.goto(`/campaigns/all/setup/${campaignId}/`);
  await expect(panel.getByTestId('goal-row')).toHaveText(/signup/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await checkScreen(page, 'conversions-tracking-panel-phone');
});
