import { type APIRequestContext, expect, test } from '@playwright/test';
import { checkScreen } from './support/a11y';
import { api, createVerifiedUser } from './support/api';
import { signInNewOperator } from './support/operator';
import { expectWhole } from './support/tables';

/**
 * Bank statements (docs/product/billing.md#bank-statements): an advertiser announces a bank
 * deposit, an operator imports the bank's statement; the matching line credits it, the line
 * with another amount waits in the queue and is marked handled outside with a note.
 */

async function announcedBankDeposit(request: APIRequestContext) {
  const user = await createVerifiedUser(request, 'advertiser');
  const details = await api(request, 'POST', '/billing/details', {
    token: user.token,
    data: { isCompany: false, country: 'IE', address: '1 Quay Street, Galway', firstName: 'E2e', lastName: 'Payer' },
  });
  expect(details.status, `billing details: ${details.body.reason}`).toBe(200);
  const deposit = await api<{ deposit: { reference: string; total: number } }>(
    request,
    'POST',
    '/billing/deposit/bank-transfer',
    { token: user.token, data: { amount: 100 } },
  );
  expect(deposit.status, `bank deposit: ${deposit.body.reason}`).toBe(200);
  return { user, ...deposit.body.response.deposit };
}

test('an operator imports a statement: the matching transfer is credited, the wrong one waits for a decision', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const paid = await announcedBankDeposit(request);
  const short = await announcedBankDeposit(request);
  const run = Date.now().toString(36);
  const csv = [
    'date,amount,currency,reference,bank_id',
    `2026-11-26,${paid.total.toFixed(2)},EUR,"Deposit ${paid.reference}",${run}-1`,
    `2026-11-26,99.00,EUR,${short.reference},${run}-2`,
    `2026-11-26,-4.50,EUR,account fees,${run}-3`,
  ].join('\n');

  await signInNewOperator(page, { label: 'operator-bank', firstName: 'Bank' });
  const status = page.getByTestId('status-modal');

  await page.goto('/admin/bank-statements/');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'statement.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.getByTestId('statement-import').click();
  await expect(page.getByTestId('statement-result')).toContainText(
    '1 credited, 0 already imported, 1 waiting for a decision, 1 ignored',
  );
  const waiting = page.getByTestId('statement-line').filter({ hasText: short.reference });
  await expect(waiting).toContainText('The amount differs from the deposit’s total');
  // At 1280 the whole table fits: no box scrolls sideways, both actions are in sight, and the
  // reason is text (a badge of a sentence wrapped into a blob of five lines).
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(waiting.getByTestId('statement-reason')).toBeVisible();
  expect(await waiting.locator('.mantine-Badge-root').count()).toBe(0);
  const overflow = await waiting.evaluate((row) => {
    for (let box = row.parentElement; box; box = box.parentElement) {
      if (getComputedStyle(box).overflowX === 'visible') continue;
      if (box.scrollWidth > box.clientWidth + 1) return `${box.className}: ${box.scrollWidth} > ${box.clientWidth}`;
    }
    return null;
  });
  expect(overflow, 'a box around the table scrolls sideways').toBeNull();
  for (const action of ['statement-match', 'statement-handled']) {
    const box = await waiting.getByTestId(action).boundingBox();
    expect(box && box.x + box.width <= 1280, `${action} in sight`).toBe(true);
  }
  await checkScreen(page, 'admin-bank-statements');
  // On a phone the waiting line is a card whose two actions stay whole in sight.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectWhole(waiting.getByTestId(/^statement-(match|handled)$/));
  await checkScreen(page, 'admin-bank-statements-line-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  const balance = await api<{ balance: number }>(request, 'GET', '/billing/deposit', { token: paid.user.token });
  expect(balance.body.response.balance).toBe(100);

  await waiting.getByTestId('statement-handled').click();
  await page.getByTestId('statement-note').fill('Returned to the sender');
  await page.getByTestId('statement-confirm').click();
  await expect(status).toContainText('marked as handled outside: Returned to the sender');
  await status.getByRole('button').click();
  await expect(status).toBeHidden();
  await expect(page.getByTestId('statement-line').filter({ hasText: short.reference })).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('statement-import')).toBeVisible();
  await checkScreen(page, 'admin-bank-statements-390');
});
