import { describe, expect, it } from 'vitest';
import { EMAIL_CODE_TTL_MINUTES, RECOVERY_LINK_TTL_MINUTES } from '@cryptads/contract/limits';
import { loadConfig } from '../../config';
import { recoveryEmail, verificationEmail } from './emails';

const config = loadConfig({ NODE_ENV: 'test', PRODUCT_NAME: 'Cryptads' });

describe('account mails', () => {
  it('say how long the verification code lives, as long as the code is issued for', () => {
    const mail = verificationEmail(config, 'ann@example.com', 'Ann', '123456');
    expect(mail.subject).toBe('123456 is your Cryptads verification code');
    expect(mail.text).toContain(`Your verification code is 123456. It expires in ${EMAIL_CODE_TTL_MINUTES} minutes.`);
    expect(mail.html).toContain(`It expires in ${EMAIL_CODE_TTL_MINUTES} minutes.`);
  });

  it('say how long the recovery link is valid, as long as the link is issued for', () => {
    const link = 'https://ads.example/password-recovery/abc';
    const mail = recoveryEmail(config, 'ann@example.com', 'Ann', link);
    expect(mail.text).toContain(`(valid for ${RECOVERY_LINK_TTL_MINUTES} minutes):\n${link}`);
    expect(mail.html).toContain(`(valid for ${RECOVERY_LINK_TTL_MINUTES} minutes):`);
  });
});
