import { formatEuros, microsToEuros } from '@cryptads/contract/money';
import { escapeHtml } from '../../lib/html';
import type { PaymentMethod } from './port';
import { SANDBOX_UNDERPAY_PERCENT, type SandboxAction, sandboxActionsFor } from './sandbox';

const ACTION_LABELS: Record<SandboxAction, string> = {
  pay: 'Pay',
  fail: 'Fail',
  expire: 'Expire',
  underpay: 'Underpay',
};

const ACTION_HINTS: Record<SandboxAction, string> = {
  pay: 'The provider confirms the whole amount.',
  fail: 'The provider reports a failed payment.',
  expire: 'The payment page times out without a payment.',
  underpay: `Only ${SANDBOX_UNDERPAY_PERCENT} % of the amount arrives.`,
};

export type SandboxPageInput = {
  productName: string;
  paymentId: string;
  amountMicros: bigint;
  method: PaymentMethod;
  description: string;
  /** Where the buttons POST (the sandbox page route); each sends `action`. */
  actionUrl: string;
  /** Extra hidden form fields, e.g. an anti-forgery token. */
  hiddenFields?: Record<string, string>;
  /** Shown instead of the buttons once the payment is no longer open. */
  closedMessage?: string | null;
  cancelUrl?: string | null;
};

/**
 * The hosted sandbox payment page (docs/architecture.md#adapters): the amount and the buttons Pay, Fail,
 * Expire, and Underpay for crypto. Plain HTML with inline CSS (the CSP allows inline
 * styles, not scripts), readable at 390 px, every control labelled.
 */
export function renderSandboxPaymentPage(input: SandboxPageInput): string {
  const amount = formatEuros(microsToEuros(input.amountMicros));
  const methodLabel = input.method === 'card' ? 'Card payment' : 'Cryptocurrency payment';
  const hidden = Object.entries(input.hiddenFields ?? {})
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const buttons = sandboxActionsFor(input.method)
    .map(
      (action) =>
        `<li><button type="submit" name="action" value="${action}" class="${action}" aria-describedby="hint-${action}">${ACTION_LABELS[action]}</button><span id="hint-${action}">${escapeHtml(ACTION_HINTS[action])}</span></li>`,
    )
    .join('');
  const body = input.closedMessage
    ? `<p role="status" class="closed">${escapeHtml(input.closedMessage)}</p>`
    : `<form method="post" action="${escapeHtml(input.actionUrl)}">${hidden}<ul>${buttons}</ul></form>`;
  const cancel = input.cancelUrl ? `<p><a href="${escapeHtml(input.cancelUrl)}">Back without paying</a></p>` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>Sandbox payment - ${escapeHtml(input.productName)}</title>
<style>
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:0;background:#f2f4f7;color:#101828}
main{max-width:440px;margin:32px auto;padding:24px;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(16,24,40,.12)}
h1{font-size:20px;margin:0 0 4px}.badge{display:inline-block;background:#fef0c7;color:#7a2e0e;border-radius:999px;padding:2px 10px;font-size:13px}
.amount{font-size:32px;font-weight:700;margin:16px 0 4px;font-variant-numeric:tabular-nums}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;font-size:14px;color:#344054}dt{font-weight:600}dd{margin:0;word-break:break-all}
ul{list-style:none;padding:0;margin:20px 0 0;display:grid;gap:12px}li{display:grid;gap:4px}
li span{font-size:13px;color:#475467}
button{font:inherit;font-weight:600;padding:12px;border-radius:8px;border:1px solid #d0d5dd;background:#fff;color:#101828;cursor:pointer}
button.pay{background:#1849a9;border-color:#1849a9;color:#fff}button:focus-visible,a:focus-visible{outline:3px solid #f79009;outline-offset:2px}
.closed{padding:12px;border-radius:8px;background:#f2f4f7}a{color:#1849a9}
</style></head><body><main>
<span class="badge">Sandbox: no real money moves</span>
<h1>${escapeHtml(methodLabel)}</h1>
<p class="amount">${escapeHtml(amount)}</p>
<dl><dt>For</dt><dd>${escapeHtml(input.description)}</dd><dt>Payment</dt><dd>${escapeHtml(input.paymentId)}</dd></dl>
${body}${cancel}
</main></body></html>`;
}
