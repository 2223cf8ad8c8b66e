import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpTransport } from './smtp';

/** A real SMTP server on loopback receives what the SMTP transport sends. */
describe('SMTP mail transport', () => {
  const received: { from: string; to: string[]; data: string }[] = [];
  let server: SMTPServer;
  let port = 0;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => {
          data += chunk.toString();
        });
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers a message with subject, text and html to the recipient', async () => {
    const mailer = createSmtpTransport(`smtp://127.0.0.1:${port}`, 'Cryptads <no-reply@cryptads.example>');
    await mailer.send({
      to: 'someone@test.example',
      subject: 'Hello there',
      text: 'Plain body 123456',
      html: '<p>Html body</p>',
    });
    await mailer.close();
    expect(received).toHaveLength(1);
    expect(received[0]?.from).toBe('no-reply@cryptads.example');
    expect(received[0]?.to).toEqual(['someone@test.example']);
    expect(received[0]?.data).toContain('Subject: Hello there');
    expect(received[0]?.data).toContain('Plain body 123456');
  });
});
