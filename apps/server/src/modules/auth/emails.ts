import { formatDuration } from '@cryptads/contract/dates';
import { EMAIL_CODE_TTL_MINUTES, RECOVERY_LINK_TTL_MINUTES } from '@cryptads/contract/limits';
import type { Config } from '../../config';
import type { MailMessage } from '../../adapters/mail/port';
import { escapeHtml } from '../../lib/html';

// Built from the limits the code issuing them uses, so that a changed limit changes the mail.
const codeExpiry = formatDuration(EMAIL_CODE_TTL_MINUTES * 60);
const linkValidity = formatDuration(RECOVERY_LINK_TTL_MINUTES * 60);

function layout(config: Config, title: string, body: string) {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f4f6fb;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;color:#0b1b3f;margin-top:0">${escapeHtml(title)}</h1>${body}
<p style="color:#667085;font-size:12px;margin-top:32px">${escapeHtml(config.productName)} · Finance &amp; Crypto Display Advertising</p>
</div></body></html>`;
}

export function verificationEmail(config: Config, to: string, firstName: string, code: string): MailMessage {
  const subject = `${code} is your ${config.productName} verification code`;
  const text = `Hello ${firstName},\n\nYour verification code is ${code}. It expires in ${codeExpiry}.\n\nIf you did not sign up for ${config.productName}, ignore this email.`;
  const html = layout(
    config,
    'Confirm your email address',
    `<p>Hello ${escapeHtml(firstName)},</p><p>Your verification code is</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:700" data-code="${code}">${code}</p>
<p>It expires in ${codeExpiry}. If you did not sign up for ${escapeHtml(config.productName)}, ignore this email.</p>`,
  );
  return { to, subject, text, html };
}

export function recoveryEmail(config: Config, to: string, firstName: string, link: string): MailMessage {
  const subject = `Reset your ${config.productName} password`;
  const text = `Hello ${firstName},\n\nOpen this link to choose a new password (valid for ${linkValidity}):\n${link}\n\nIf you did not ask for it, ignore this email; your password stays the same.`;
  const html = layout(
    config,
    'Reset your password',
    `<p>Hello ${escapeHtml(firstName)},</p><p>Open this link to choose a new password (valid for ${linkValidity}):</p>
<p><a href="${escapeHtml(link)}" data-link="recovery">${escapeHtml(link)}</a></p>
<p>If you did not ask for it, ignore this email; your password stays the same.</p>`,
  );
  return { to, subject, text, html };
}
