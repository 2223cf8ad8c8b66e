import { PAYOUT_METHOD_LABELS, type PayoutMethod } from '@cryptads/contract/billing';
import type { MailMessage } from '../../adapters/mail/port';
import type { Config } from '../../config';
import { escapeHtml } from '../../lib/html';

function layout(config: Config, title: string, paragraphs: string[], link?: { href: string; label: string }) {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  const button = link
    ? `<p><a href="${escapeHtml(link.href)}" style="display:inline-block;background:#1849a9;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escapeHtml(link.label)}</a></p>`
    : '';
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f4f6fb;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;color:#0b1b3f;margin-top:0">${escapeHtml(title)}</h1>${body}${button}
<p style="color:#667085;font-size:12px;margin-top:32px">${escapeHtml(config.productName)} · Finance &amp; Crypto Display Advertising</p>
</div></body></html>`;
}

function message(
  config: Config,
  to: string,
  subject: string,
  paragraphs: string[],
  link?: { href: string; label: string },
): MailMessage {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.href}`] : [])].join('\n\n');
  return { to, subject, text, html: layout(config, subject, paragraphs, link) };
}

export type KycReviewText = { title: string; message: string };

/** What the customer reads about a decision, in the notification and the mail. */
export function kycReviewText(outcome: 'approved' | 'rejected' | 'retry', reason: string | null): KycReviewText {
  const because = reason ? ` Reason: ${reason}` : '';
  switch (outcome) {
    case 'approved':
      return { title: 'Identity verified', message: 'Your identity and documents have been verified.' };
    case 'retry':
      return {
        title: 'Please send your documents again',
        message: `We could not verify your documents and need new ones.${because}`,
      };
    case 'rejected':
      return {
        title: 'Verification declined',
        message: `We could not verify your identity. Please contact us if you have questions.${because}`,
      };
  }
}

export function kycReviewedEmail(
  config: Config,
  to: string,
  name: string,
  outcome: 'approved' | 'rejected' | 'retry',
  reason: string | null,
  link: string,
): MailMessage {
  const text = kycReviewText(outcome, reason);
  return message(config, to, `${text.title} - ${config.productName}`, [`Hello ${name},`, text.message], {
    href: link,
    label: 'Open Billing Details',
  });
}

export function withdrawOptionsSavedEmail(
  config: Config,
  to: string,
  name: string,
  method: string,
  link: string,
): MailMessage {
  const label = PAYOUT_METHOD_LABELS[method as PayoutMethod] ?? method;
  return message(
    config,
    to,
    `Your withdraw options were changed - ${config.productName}`,
    [
      `Hello ${name},`,
      `Your withdraw options were saved: payouts now go by ${label}.`,
      'If you did not make this change, contact us at once and change your password.',
    ],
    { href: link, label: 'Review your withdraw options' },
  );
}

/** To the support address: a customer sent a document to review. */
export function documentsSubmittedEmail(config: Config, customer: string, documentName: string): MailMessage {
  return message(config, config.supportEmail, `Documents to review: ${customer}`, [
    `${customer} uploaded "${documentName}" for identity verification.`,
    `Decide with: npm run operator -- kyc approve|reject|recheck ${customer} [reason]`,
  ]);
}
