import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { checkScreen } from './support/a11y';
import { api, createVerifiedUser } from './support/api';
import { operator } from './support/operator';
import { logIn, settle } from './support/ui';

type Received = { headers: IncomingHttpHeaders; body: string };

/** A customer's receiver on loopback: answers 200 and keeps what it got. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/cryptads-hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The documented check (docs/product/webhooks.md): one v1 is the HMAC-SHA256 of "t.body". */
function signedBy(secret: string, r: Received) {
  const parts = String(r.headers['cryptads-signature'])
    .split(',')
    .map((p) => p.split('='));
  const t = parts.find(([k]) => k === 't')?.[1];
  const expected = createHmac('sha256', secret).update(`${t}.${r.body}`).digest('hex');
  return parts.some(([k, v]) => k === 'v1' && v === expected);
}

/**
 * Outgoing webhooks (docs/product/webhooks.md): an advertiser registers an endpoint on a
 * receiver this test runs, sends a test event, then a real one (a bank deposit confirmed by the
 * operator), and reads both deliveries on the page.
 */
test.describe('webhooks', () => {
  test('an advertiser registers an endpoint, sends a test and receives a deposit event, signed', async ({
    page,
    request,
  }) => {
    // Two deliveries, an operator command and three axe runs: more than the default on a busy machine.
    test.setTimeout(300_000);
    const receiver = await startReceiver();
    try {
      const user = await createVerifiedUser(request, 'advertiser');
      await logIn(page, user);
      await page.goto('/settings/webhooks/');
      await expect(page).toHaveTitle(/^Webhooks - /);
      await expect(page.getByTestId('webhooks-empty')).toBeVisible();

      await page.getByTestId('webhook-add').click();
      await page.getByTestId('webhook-url').fill(receiver.url);
      await page.getByRole('checkbox', { name: 'Deposit completed' }).check();
      await page.getByTestId('webhook-save').click();
      const secretBox = page.getByTestId('webhook-secret');
      await expect(secretBox).toHaveText(/^whsec_[A-Za-z0-9+/]{43}=$/);
      const secret = (await secretBox.textContent()) ?? '';
      await checkScreen(page, 'webhooks-secret');
      await page.getByTestId('webhook-secret-done').click();

      const endpoint = page.getByTestId('webhook-endpoint');
      await expect(endpoint).toContainText(receiver.url);
      await expect(endpoint).toContainText('Deposit completed');
      await endpoint.getByRole('button', { name: 'Send test' }).click();
      const rows = page.getByTestId('webhook-delivery-row');
      await expect(rows.first()).toContainText('Test (ping)', { timeout: 15_000 });
      await expect(rows.first()).toContainText('200');
      expect(receiver.received).toHaveLength(1);
      const ping = receiver.received[0] as Received;
      expect(JSON.parse(ping.body)).toMatchObject({ type: 'ping' });
      expect(signedBy(secret, ping)).toBe(true);

      // A real event: a bank transfer the operator confirms is a completed deposit.
      const bank = await api<{ reference: string }>(request, 'GET', '/billing/deposit/bank-transfer', {
        token: user.token,
      });
      expect(operator('deposit', 'confirm-bank', bank.body.response.reference, '184.50')).toContain('Credited');
      await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(2);
      const deposit = receiver.received[1] as Received;
      const event = JSON.parse(deposit.body);
      // Money as an exact decimal string of euros (docs/decisions/057-exact-money-on-the-wire.md).
      expect(event).toMatchObject({ type: 'deposit.completed', data: { total: '184.50', currency: 'EUR' } });
      expect(deposit.headers['cryptads-event-id']).toBe(event.id);
      expect(signedBy(secret, deposit)).toBe(true);
      await expect(rows.filter({ hasText: 'Deposit completed' })).toHaveCount(1, { timeout: 15_000 });
      await expect(endpoint.getByTestId('webhook-last-delivery')).toContainText('200', { timeout: 15_000 });
      await checkScreen(page, 'webhooks');

      await page.setViewportSize({ width: 390, height: 844 });
      await settle(page);
      await expect(rows.first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await checkScreen(page, 'webhooks-390');
    } finally {
      await receiver.close();
    }
  });
});
