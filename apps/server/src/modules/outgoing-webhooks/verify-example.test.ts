import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_VERIFY_EXAMPLE } from '@cryptads/contract/webhook-verify-example';
import { newWebhookSecret, signatureHeader } from './signing';

/**
 * The receiver's check we show customers is code they copy: this runs the very text they read
 * (the settings page, the API reference and docs/product/webhooks.md show the same) in its own
 * Node process, against headers this server signs and against bad ones. A bad header answers
 * false: an exception in a receiver is a 500 and a retry, or a crash.
 */

const run = promisify(execFile);
const repoFile = (name: string) => readFileSync(new URL(`../../../../../${name}`, import.meta.url), 'utf8');

type Case = { name: string; header: string | null; body: string; asBuffer?: boolean };
type Outcome = { name: string; result?: unknown; threw?: string };

/** Appended to the example: calls `verify` or `receive` for each case and prints what it answered. */
const HARNESS = `
const cases = JSON.parse(process.env.CASES);
const outcomes = [];
for (const c of cases) {
  const body = c.asBuffer ? Buffer.from(c.body, 'utf8') : c.body;
  const header = c.header === null ? undefined : c.header;
  try {
    outcomes.push({ name: c.name, result: c.name.startsWith('receive') ? receive(header, body) : verify(header, body) });
  } catch (error) {
    outcomes.push({ name: c.name, threw: String(error?.code ?? error) });
  }
}
process.stdout.write(JSON.stringify(outcomes));
`;

/** Runs the example's text as a receiver would, with its secret in the environment. */
async function runExample(example: string, secret: string, cases: Case[]): Promise<Record<string, Outcome>> {
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', `${example}\n${HARNESS}`], {
    env: { PATH: process.env.PATH ?? '', CRYPTADS_WEBHOOK_SECRET: secret, CASES: JSON.stringify(cases) },
  });
  return Object.fromEntries((JSON.parse(stdout) as Outcome[]).map((o) => [o.name, o]));
}

const now = () => Math.floor(Date.now() / 1000);
const secret = newWebhookSecret();
const previous = newWebhookSecret();
const body = JSON.stringify({
  id: 'evt_3f9c0a',
  type: 'deposit.completed',
  createdAt: '2026-11-27T10:00:00.000Z',
  data: { amountMicros: '25000000', note: 'Dépôt reçu: 25 €' },
});
const header = signatureHeader([secret], now(), body);
const v1 = header.split('v1=')[1] ?? '';
const t = header.split(',')[0] ?? '';

/** What each case must answer: true or false, never an exception. */
const CASES: (Case & { expected: boolean | number })[] = [
  { name: 'a valid signature', header, body, expected: true },
  { name: 'a valid signature over the body as bytes', header, body, asBuffer: true, expected: true },
  {
    name: 'two v1 during a rotation, signed with the secret held',
    header: signatureHeader([previous, secret], now(), body),
    body,
    expected: true,
  },
  { name: 'another secret’s signature', header: signatureHeader([previous], now(), body), body, expected: false },
  { name: 'a tampered body', header, body: body.replace('25000000', '95000000'), expected: false },
  { name: '64 characters that are not hex', header: `${t},v1=${'z'.repeat(64)}`, body, expected: false },
  { name: '64 characters, hex then not', header: `${t},v1=${v1.slice(0, 62)}zz`, body, expected: false },
  { name: 'uppercase hex', header: `${t},v1=${v1.toUpperCase()}`, body, expected: false },
  { name: 'a short v1', header: `${t},v1=${v1.slice(0, 63)}`, body, expected: false },
  { name: 'a long v1', header: `${t},v1=${v1}0`, body, expected: false },
  { name: 'an empty v1', header: `${t},v1=`, body, expected: false },
  { name: 'a malformed v1 beside a valid one', header: `${header},v1=${'z'.repeat(64)}`, body, expected: false },
  { name: 'an empty header', header: '', body, expected: false },
  { name: 'no header', header: null, body, expected: false },
  { name: 'no t', header: `v1=${v1}`, body, expected: false },
  { name: 'no v1', header: t, body, expected: false },
  { name: 'two t', header: `${t},${header}`, body, expected: false },
  { name: 'a t that is not a number', header: `t=abc,v1=${v1}`, body, expected: false },
  { name: 'a part without =', header: `${header},v1`, body, expected: false },
  { name: 'a part with two =', header: `${t},v1=${v1}=`, body, expected: false },
  { name: 'commas only', header: ',,,', body, expected: false },
  { name: 'a t 6 minutes old', header: signatureHeader([secret], now() - 360, body), body, expected: false },
  { name: 'a t 6 minutes ahead', header: signatureHeader([secret], now() + 360, body), body, expected: false },
  { name: 'a t 2 minutes old', header: signatureHeader([secret], now() - 120, body), body, expected: true },
  { name: 'receive: a valid delivery', header, body, expected: 200 },
  { name: 'receive: the same delivery again', header, body, expected: 200 },
  { name: 'receive: 64 characters that are not hex', header: `${t},v1=${'z'.repeat(64)}`, body, expected: 400 },
  { name: 'receive: no header', header: null, body, expected: 400 },
];

describe('the webhook verification example', () => {
  it('answers true for what this server signs and false, without throwing, for anything else', async () => {
    const outcomes = await runExample(WEBHOOK_VERIFY_EXAMPLE, secret, CASES);
    const wrong = CASES.filter((c) => outcomes[c.name]?.result !== c.expected).map(
      (c) => `${c.name}: ${JSON.stringify(outcomes[c.name])}, expected ${c.expected}`,
    );
    expect(wrong).toEqual([]);
  });

  it('is the text the docs and the settings page show (the API reference: openapi.test.ts)', () => {
    const block = `\`\`\`js\n${WEBHOOK_VERIFY_EXAMPLE}\n\`\`\``;
    expect(repoFile('docs/product/webhooks.md')).toContain(block);
    // The settings page renders the constant itself (webhooks-page.test.tsx reads it on the screen).
    const page = repoFile('apps/web/src/features/settings/routes/webhooks-page.tsx');
    expect(page).toContain('{WEBHOOK_VERIFY_EXAMPLE}');
    // No other copy of a verification example in the documentation.
    expect(repoFile('docs/product/webhooks.md').split('timingSafeEqual').length).toBe(
      block.split('timingSafeEqual').length,
    );
  });
});
