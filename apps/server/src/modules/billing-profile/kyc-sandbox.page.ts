import type { FastifyInstance } from 'fastify';
import { isKycSandbox, KYC_SANDBOX_ACTIONS, type KycSandboxAction } from '../../adapters/kyc/sandbox';
import { escapeHtml } from '../../lib/html';
import { billingAdapters } from './adapters';
import { applyKycWebhook, findKycSession, kycReturnPath } from './kyc';
import { customerName, loadProfile } from './profile';

/**
 * The sandbox identity provider's page (docs/architecture.md#adapters "identity (KYC)": a sandbox page that
 * approves or rejects): whoever tests approves, rejects with a reason or asks for a recheck.
 * The decision is signed like a provider's webhook and goes through the same verification
 * and the same code (applyKycWebhook), then the browser returns to Upload Documents. Plain
 * HTML with inline CSS (the CSP allows inline styles, not scripts), labelled, fine at 390 px.
 */

const ACTIONS: { action: KycSandboxAction; label: string; hint: string; reason: boolean }[] = [
  { action: 'approve', label: 'Approve', hint: 'The identity and the documents are genuine.', reason: false },
  {
    action: 'recheck',
    label: 'Ask to recheck',
    hint: 'The customer must send new documents (Sumsub RETRY, Veriff resubmission).',
    reason: true,
  },
  { action: 'reject', label: 'Reject', hint: 'A final refusal (Sumsub FINAL, Veriff declined).', reason: true },
];

export function renderKycSandboxPage(input: {
  productName: string;
  sessionId: string;
  applicant: { name: string; country: string; isCompany: boolean } | null;
  closedMessage: string | null;
}) {
  const action = `/sandbox/kyc/${encodeURIComponent(input.sessionId)}`;
  const forms = ACTIONS.map(
    (a) => `<form method="post" action="${escapeHtml(action)}" class="decision">
<input type="hidden" name="action" value="${a.action}">
${
  a.reason
    ? `<label for="reason-${a.action}">Reason shown to the customer</label>
<textarea id="reason-${a.action}" name="reason" rows="2" maxlength="1000" required></textarea>`
    : ''
}
<button type="submit" class="${a.action}" aria-describedby="hint-${a.action}">${escapeHtml(a.label)}</button>
<span id="hint-${a.action}">${escapeHtml(a.hint)}</span>
</form>`,
  ).join('');
  const who = input.applicant
    ? `<dl><dt>Applicant</dt><dd>${escapeHtml(input.applicant.name)}</dd><dt>Type</dt><dd>${input.applicant.isCompany ? 'Company' : 'Individual'}</dd><dt>Country</dt><dd>${escapeHtml(input.applicant.country)}</dd><dt>Session</dt><dd>${escapeHtml(input.sessionId)}</dd></dl>`
    : '';
  const body = input.closedMessage
    ? `<p role="status" class="closed">${escapeHtml(input.closedMessage)}</p><p><a href="${escapeHtml(kycReturnPath)}">Back to Billing Details</a></p>`
    : forms;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>Sandbox identity verification - ${escapeHtml(input.productName)}</title>
<style>
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:0;background:#f2f4f7;color:#101828}
main{max-width:480px;margin:32px auto;padding:24px;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(16,24,40,.12)}
h1{font-size:20px;margin:8px 0 4px}.badge{display:inline-block;background:#fef0c7;color:#7a2e0e;border-radius:999px;padding:2px 10px;font-size:13px}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;font-size:14px;color:#344054}dt{font-weight:600}dd{margin:0;word-break:break-all}
.decision{display:grid;gap:6px;margin-top:16px;padding-top:16px;border-top:1px solid #eaecf0}
label{font-size:14px;font-weight:600}textarea{font:inherit;padding:8px;border:1px solid #98a2b3;border-radius:8px}
.decision span{font-size:13px;color:#475467}
button{font:inherit;font-weight:600;padding:12px;border-radius:8px;border:1px solid #d0d5dd;background:#fff;color:#101828;cursor:pointer}
button.approve{background:#1849a9;border-color:#1849a9;color:#fff}button.reject{color:#b42318;border-color:#b42318}
button:focus-visible,a:focus-visible,textarea:focus-visible{outline:3px solid #f79009;outline-offset:2px}
.closed{padding:12px;border-radius:8px;background:#f2f4f7}a{color:#1849a9}
</style></head><body><main>
<span class="badge">Sandbox: no real identity check</span>
<h1>Identity verification</h1>
${who}
${body}
</main></body></html>`;
}

const html = (reply: import('fastify').FastifyReply, status: number, page: string) =>
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .send(page);

/** GET and POST /sandbox/kyc/{session}: only while the sandbox is the configured provider. */
export async function registerKycSandboxPage(app: FastifyInstance) {
  const provider = billingAdapters(app.ctx).kyc;
  if (!isKycSandbox(provider)) return;
  await app.register(async (page) => {
    page.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    const load = async (id: string) => {
      const session = /^[A-Za-z0-9_-]{16,40}$/.test(id) ? await findKycSession(app.ctx.db, id) : null;
      if (!session) return null;
      const profile = await loadProfile(app.ctx.db, session.userId);
      return { session, profile };
    };

    page.get<{ Params: { id: string } }>('/sandbox/kyc/:id', { schema: { hide: true } }, async (request, reply) => {
      const found = await load(request.params.id);
      if (!found) return html(reply, 404, 'Not found');
      const { session, profile } = found;
      const closed = ['approved', 'rejected'].includes(session.status)
        ? `This verification is closed: ${session.status}.`
        : null;
      return html(
        reply,
        200,
        renderKycSandboxPage({
          productName: app.ctx.config.productName,
          sessionId: session.id,
          applicant: profile
            ? { name: customerName(profile), country: profile.country, isCompany: profile.isCompany }
            : null,
          closedMessage: closed,
        }),
      );
    });

    page.post<{ Params: { id: string }; Body: Record<string, string> }>(
      '/sandbox/kyc/:id',
      { schema: { hide: true }, config: { rateLimit: { max: 30, timeWindow: 60_000 } } },
      async (request, reply) => {
        const found = await load(request.params.id);
        if (!found) return html(reply, 404, 'Not found');
        const action = request.body?.action as KycSandboxAction | undefined;
        if (!action || !(action in KYC_SANDBOX_ACTIONS)) return html(reply, 400, 'Unknown action');
        const reason = (request.body?.reason ?? '').trim().slice(0, 1000) || null;
        const event = provider.buildEvent({
          providerRef: found.session.providerRef,
          outcome: KYC_SANDBOX_ACTIONS[action],
          reason,
        });
        await applyKycWebhook(app.ctx, { rawBody: event.body, headers: event.headers });
        return reply.redirect(kycReturnPath, 303);
      },
    );
  });
}
