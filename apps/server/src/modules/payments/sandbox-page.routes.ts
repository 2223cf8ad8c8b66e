import type { FastifyInstance, FastifyReply } from 'fastify';
import { PAYMENT_RETURN_PARAMS } from '@cryptads/contract/deposit-messages';
import { paths } from '@cryptads/contract/paths';
import {
  buildSandboxWebhook,
  deliverSandboxWebhook,
  SANDBOX_ACTIONS,
  type SandboxAction,
  sandboxActionsFor,
} from '../../adapters/payments/sandbox';
import { renderSandboxPaymentPage } from '../../adapters/payments/sandbox-page';
import type { PaymentMethod } from '../../adapters/payments/port';
import type { DbOrTx } from '../../db/client';
import { escapeHtml } from '../../lib/html';
import type { PaidPurposes } from './paid-purposes';
import { paymentsOf, sandboxSecret, webhookPath } from './providers';
import { type PaymentRow, sandboxPayment } from './payments.service';

/** Where the browser goes back to after a payment page (the deposit tab of its method). */
export const returnPathOf = (payment: Pick<PaymentRow, 'method'>) =>
  payment.method === 'card' ? paths.billing.depositCard : paths.billing.depositCrypto;

/** The same for any payment: its purpose may say (a marketplace order's payment goes back to its order). */
async function returnPathFor(db: DbOrTx, purposes: PaidPurposes, payment: PaymentRow) {
  return (await purposes.returnPath(db, payment)) ?? returnPathOf(payment);
}

const backUrl = async (db: DbOrTx, purposes: PaidPurposes, payment: PaymentRow, outcome: 'success' | 'canceled') =>
  `${await returnPathFor(db, purposes, payment)}?${new URLSearchParams({
    [PAYMENT_RETURN_PARAMS.status]: outcome,
    [PAYMENT_RETURN_PARAMS.id]: payment.id,
  })}`;

const CLOSED: Record<string, string> = {
  pending: 'This payment is being confirmed.',
  paid: 'This payment is already paid.',
  failed: 'This payment failed.',
  expired: 'This payment has expired.',
  canceled: 'This payment was canceled.',
};

function messagePage(reply: FastifyReply, status: number, productName: string, message: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Sandbox payment - ${escapeHtml(productName)}</title></head><body><main><h1>Sandbox payment</h1><p>${escapeHtml(message)}</p><p><a href="${paths.billing.deposit}">Back to deposits</a></p></main></body></html>`,
    );
}

/**
 * The embedded provider's hosted page (docs/architecture.md#adapters): GET shows the amount and the buttons;
 * POST builds the signed event a provider would send, delivers it to our webhook through the
 * whole HTTP stack of this server (in process, so no public address is needed), then sends
 * the browser back as a provider would. Exists only while the sandbox takes a method.
 */
export async function registerSandboxPage(app: FastifyInstance) {
  const { ctx } = app;
  if (!paymentsOf(ctx).byName('sandbox')) return;
  const { productName } = ctx.config;

  /** Our own webhook, reached through Fastify's request injection: routing, raw body and signature check included. */
  const injectFetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const res = await app.inject({
      method: 'POST',
      url: url.pathname,
      headers: init?.headers as Record<string, string>,
      payload: String(init?.body ?? ''),
    });
    return new Response(res.body, { status: res.statusCode });
  };

  await app.register(async (page) => {
    page.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    page.get<{ Params: { id: string } }>('/sandbox/pay/:id', async (request, reply) => {
      const payment = await sandboxPayment(ctx.db, request.params.id);
      if (!payment) return messagePage(reply, 404, productName, 'There is no such payment.');
      const html = renderSandboxPaymentPage({
        productName,
        paymentId: payment.id,
        amountMicros: payment.totalMicros,
        method: payment.method as PaymentMethod,
        description: payment.purpose === 'order' ? `${productName} marketplace order` : `${productName} deposit`,
        actionUrl: `/sandbox/pay/${payment.id}`,
        closedMessage: payment.status === 'created' ? null : (CLOSED[payment.status] ?? null),
        cancelUrl: await backUrl(ctx.db, ctx.paidPurposes, payment, 'canceled'),
      });
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
    });

    page.post<{ Params: { id: string }; Body: Record<string, string> | undefined }>(
      '/sandbox/pay/:id',
      async (request, reply) => {
        const payment = await sandboxPayment(ctx.db, request.params.id);
        if (!payment) return messagePage(reply, 404, productName, 'There is no such payment.');
        const action = request.body?.action as SandboxAction | undefined;
        if (
          !action ||
          !SANDBOX_ACTIONS.includes(action) ||
          !sandboxActionsFor(payment.method as PaymentMethod).includes(action)
        )
          return messagePage(reply, 400, productName, 'Choose Pay, Fail or Expire.');
        if (payment.status !== 'created') return reply.redirect(`/sandbox/pay/${payment.id}`, 303);
        const webhook = buildSandboxWebhook(
          sandboxSecret(ctx.config),
          { paymentId: payment.id, amountMicros: payment.totalMicros },
          action,
        );
        const status = await deliverSandboxWebhook(
          `${ctx.config.publicUrl}${webhookPath('sandbox')}`,
          webhook,
          injectFetch,
        );
        if (status !== 200) {
          request.log.error({ paymentId: payment.id, status }, 'sandbox webhook refused');
          return messagePage(reply, 502, productName, 'The payment could not be confirmed. Please try again.');
        }
        const paid = action === 'pay' || action === 'underpay';
        return reply.redirect(await backUrl(ctx.db, ctx.paidPurposes, payment, paid ? 'success' : 'canceled'), 303);
      },
    );
  });
}
