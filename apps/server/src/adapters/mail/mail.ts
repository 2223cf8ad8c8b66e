import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createOutboxTransport } from './outbox';
import type { Mailer } from './port';
import { createSmtpTransport } from './smtp';

export function createMailer(config: Config, db: Db): Mailer {
  return config.mail.transport === 'smtp' && config.mail.smtpUrl
    ? createSmtpTransport(config.mail.smtpUrl, config.mail.from)
    : createOutboxTransport(db);
}
