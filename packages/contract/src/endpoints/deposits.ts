import { CardDepositInputSchema, CryptoDepositInputSchema } from '../billing';
import {
  BankDepositInputSchema,
  BankTransferDetailsSchema,
  DepositOverviewSchema,
  DepositRedirectWithIdSchema,
  DepositRowSchema,
  OpenCryptoPaymentSchema,
  PaymentActionInputSchema,
  WebhookAnswerSchema,
} from '../deposits';
import { defineEndpoints } from '../endpoint';
import { depositRoutes } from './deposits.routes';

const tag = 'deposits';
const webhooks = 'payment webhooks';

const blocked =
  "403 'Deposits are disabled for your account...' or 'This deposit method is disabled for your account...' when blocked; " +
  '409 when billing details are missing; 502 when the provider cannot be reached.';

export const depositEndpoints = defineEndpoints(depositRoutes, {
  overview: {
    tag,
    summary: 'The deposit screen: balance, latest three deposits, fees, VAT, blocks and the steps still to do',
    response: DepositOverviewSchema,
  },
  card: {
    tag,
    summary: 'Open a card payment of `amount` euros (plus fee and VAT); answers where the browser pays',
    description: `At least 100 EUR; at most 5000 EUR per day by card. ${blocked}`,
    body: CardDepositInputSchema,
    response: DepositRedirectWithIdSchema,
  },
  crypto: {
    tag,
    summary: 'Generate a cryptocurrency payment of `amount` euros (plus processing fee and VAT)',
    description: `100 to 200000 EUR. ${blocked}`,
    body: CryptoDepositInputSchema,
    response: DepositRedirectWithIdSchema,
  },
  cryptoId: {
    tag,
    summary: 'The crypto payment generated and not paid yet (Pay Now or Reset), or null',
    response: OpenCryptoPaymentSchema,
  },
  bankTransfer: {
    tag,
    summary: 'Our bank details, the account reference and the newest bank deposit waiting for its transfer',
    response: BankTransferDetailsSchema,
  },
  bankTransferStart: {
    tag,
    summary:
      'Announce a bank transfer of `amount` euros: a deposit with its own reference and the exact total (VAT added) to send',
    description: `100 to 1000000 EUR; at most 5 waiting per account (409). ${blocked}`,
    body: BankDepositInputSchema,
    response: BankTransferDetailsSchema,
  },
  payment: {
    tag,
    summary: "Back from the payment page ('check': read it again at the provider) or give it up ('cancel')",
    description: "Another account's payment answers 404. Cancel changes only a payment not paid yet.",
    body: PaymentActionInputSchema,
    response: DepositRowSchema,
  },
  sandboxWebhook: {
    tag: webhooks,
    summary: 'Signed events of the embedded sandbox payment page',
    description:
      '400 when the cryptads-sandbox-signature header does not verify; 404 while the sandbox takes no method.',
    response: WebhookAnswerSchema,
  },
  stripeWebhook: {
    tag: webhooks,
    summary: 'Stripe Checkout events (Stripe-Signature verified on the raw body, 300 s tolerance)',
    description: '400 when the signature does not verify; 404 while Stripe takes no method.',
    response: WebhookAnswerSchema,
  },
  coingateWebhook: {
    tag: webhooks,
    summary: 'CoinGate order callbacks (per-payment token in the URL; the order is read again from the API)',
    description:
      '400 when the token does not match; 404 while CoinGate takes no method; 502 when the API cannot be read.',
    response: WebhookAnswerSchema,
  },
});
