import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createOutboxTransport } from './outbox';
import { createSmtpTransport } from './smtp';

export type MailMessage = { to: string; subject: string; text: string; html: string };

/** The mail port. The embedded default writes to the outbox table; SMTP sends for real. */
export type Mailer = {
  kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
};

export function createMailer(config: Config, db: Db): Mailer {
  return config.mail.transport === 'smtp' && config.mail.smtpUrl
    ? createSmtpTransport(config.mail.smtpUrl, config.mail.from)
    : createOutboxTransport(db);
}
