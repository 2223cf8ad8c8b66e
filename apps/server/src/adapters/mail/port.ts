export type MailMessage = { to: string; subject: string; text: string; html: string };

/** The mail port. The embedded default writes to the outbox table; SMTP sends for real. */
export type Mailer = {
  kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
};
