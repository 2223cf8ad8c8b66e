import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ANNOUNCEMENT_EXCERPT_MAX, announcementExcerpt, cutText } from './announcements';
import { cutNewsDescription, NEWS_DESCRIPTION_MAX } from './news';
import { canMarkViewed, NotificationType } from './notifications';
import { inviteLinkFor, isValidPreferredShare } from './referral';
import {
  ChangePasswordInputSchema,
  changePasswordFormSchema,
  DeleteAccountInputSchema,
  deleteAccountFormSchema,
  describeSessionAgent,
  describeSessionLocation,
  SETTINGS_MESSAGES,
  toChangePasswordInput,
} from './settings';
import { mustSignTerms } from './terms';
import { VALIDATION_MESSAGES } from './validation';

const STRONG = 'Str0ng!Passw0rd';
const messageFor = (schema: z.ZodType, value: unknown, field: string) =>
  schema.safeParse(value).error?.issues.find((i) => i.path[0] === field)?.message;

describe('change password form', () => {
  const form = changePasswordFormSchema(false);
  it('asks for each empty field with its own message', () => {
    const empty = { oldPassword: '', newPassword: '', repeatPassword: '' };
    expect(messageFor(form, empty, 'oldPassword')).toBe('Please enter the current password.');
    expect(messageFor(form, empty, 'newPassword')).toBe('Please enter your new password.');
    expect(messageFor(form, empty, 'repeatPassword')).toBe('Please confirm your new password.');
  });
  it('refuses a repeat that differs and a weak new password', () => {
    const v = { oldPassword: 'old', newPassword: STRONG, repeatPassword: `${STRONG}x` };
    expect(messageFor(form, v, 'repeatPassword')).toBe('Both passwords must match.');
    expect(messageFor(form, { ...v, newPassword: 'weak', repeatPassword: 'weak' }, 'newPassword')).toBe(
      VALIDATION_MESSAGES.passwordNotStrong,
    );
  });
  it('needs the six-digit code only when two-factor is on', () => {
    const v = { oldPassword: 'old', newPassword: STRONG, repeatPassword: STRONG };
    expect(form.safeParse(v).success).toBe(true);
    expect(messageFor(changePasswordFormSchema(true), v, 'twoFactorCode')).toBe('Please enter the code.');
    expect(messageFor(changePasswordFormSchema(true), { ...v, twoFactorCode: '12a456' }, 'twoFactorCode')).toBe(
      'Please enter the code.',
    );
    expect(changePasswordFormSchema(true).safeParse({ ...v, twoFactorCode: '123456' }).success).toBe(true);
  });
  it('sends only what the server takes', () => {
    const v = { oldPassword: 'old', newPassword: STRONG, repeatPassword: STRONG, twoFactorCode: '123456' };
    expect(toChangePasswordInput(v, false)).toEqual({ oldPassword: 'old', newPassword: STRONG });
    expect(toChangePasswordInput(v, true)).toEqual({
      oldPassword: 'old',
      newPassword: STRONG,
      twoFactorCode: '123456',
    });
    expect(ChangePasswordInputSchema.safeParse(toChangePasswordInput(v, true)).success).toBe(true);
  });
  it('keeps the exact success text', () => {
    expect(SETTINGS_MESSAGES.passwordChanged).toBe('The password was changed successfully.');
  });
});

describe('delete account input', () => {
  it('requires the password with the exact message and accepts no reason', () => {
    expect(messageFor(DeleteAccountInputSchema, { password: '' }, 'password')).toBe(
      'Please provide your current account password.',
    );
    expect(DeleteAccountInputSchema.parse({ password: 'x' })).toEqual({ reason: '', password: 'x' });
  });
  it('limits the reason to 256 English characters', () => {
    expect(DeleteAccountInputSchema.safeParse({ password: 'x', reason: 'a'.repeat(256) }).success).toBe(true);
    expect(messageFor(DeleteAccountInputSchema, { password: 'x', reason: 'a'.repeat(257) }, 'reason')).toBe(
      'Please use at most 256 characters.',
    );
    expect(messageFor(DeleteAccountInputSchema, { password: 'x', reason: 'pay me $' }, 'reason')).toBe(
      VALIDATION_MESSAGES.englishOnly,
    );
  });
  it('needs the code in the form only when two-factor is on', () => {
    expect(deleteAccountFormSchema(false).safeParse({ password: 'x' }).success).toBe(true);
    expect(messageFor(deleteAccountFormSchema(true), { password: 'x' }, 'twoFactorCode')).toBe(
      'Please enter the code.',
    );
  });
  it('keeps the exact code-4 and confirmation texts', () => {
    expect(SETTINGS_MESSAGES.deleteWrongPassword).toBe(
      'The password you entered did not match our records, please try again.',
    );
    expect(SETTINGS_MESSAGES.confirmDestructive).toBe('Are you sure? You may not be able to revert this!');
  });
});

describe('access log descriptions', () => {
  const row = { browser: 'Chrome', browserVersion: '126.0.1', os: 'Windows', osVersion: '10' };
  it('names browser and system, or says it is unknown', () => {
    expect(describeSessionAgent(row)).toBe('Chrome 126 on Windows 10');
    expect(describeSessionAgent({ browser: null, browserVersion: null, os: null, osVersion: null })).toBe(
      'Unknown device',
    );
  });
  it('shows the place when known, else the IP address', () => {
    expect(describeSessionLocation({ city: 'Berlin', region: null, country: 'Germany', ip: '1.2.3.4' })).toBe(
      'Berlin, Germany',
    );
    expect(describeSessionLocation({ city: null, region: null, country: null, ip: '1.2.3.4' })).toBe('1.2.3.4');
  });
});

describe('notifications', () => {
  it('offers mark-as-read only for unread, non-pinned notifications', () => {
    expect(canMarkViewed({ viewed: false, type: NotificationType.Success })).toBe(true);
    expect(canMarkViewed({ viewed: true, type: NotificationType.Error })).toBe(false);
    expect(canMarkViewed({ viewed: false, type: NotificationType.Pinned })).toBe(false);
  });
});

describe('terms', () => {
  it('asks for a signature whenever the latest version differs from the signed one', () => {
    expect(mustSignTerms(null, 1)).toBe(true);
    expect(mustSignTerms(1, 2)).toBe(true);
    expect(mustSignTerms(2, 2)).toBe(false);
    expect(mustSignTerms(null, null)).toBe(false);
  });
});

describe('referral', () => {
  it('builds the invite link on the sign-up page', () => {
    expect(inviteLinkFor('https://ads.example/', 'abc123')).toBe('https://ads.example/signup/?ref=abc123');
  });
  it('accepts a preferred share above 0 and up to 10 percent', () => {
    expect(isValidPreferredShare(10)).toBe(true);
    expect(isValidPreferredShare(2.5)).toBe(true);
    expect(isValidPreferredShare(0)).toBe(false);
    expect(isValidPreferredShare(10.01)).toBe(false);
    expect(isValidPreferredShare(Number.NaN)).toBe(false);
  });
});

describe('text cuts', () => {
  it('cuts news descriptions to 85 characters, ellipsis included, at a word', () => {
    const long =
      'Crypto advertising budgets moved to display formats this quarter as projects looked for reach beyond social.';
    const cut = cutNewsDescription(long);
    expect(cut.length).toBeLessThanOrEqual(NEWS_DESCRIPTION_MAX);
    expect(cut.endsWith('…')).toBe(true);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    expect(cutNewsDescription('Short text.')).toBe('Short text.');
  });
  it('cuts a word without spaces hard', () => {
    expect(cutText('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
  });
  it('derives an announcement excerpt from the first paragraph', () => {
    expect(announcementExcerpt('First paragraph.\n\nSecond one.')).toBe('First paragraph.');
    expect(announcementExcerpt('y '.repeat(200)).length).toBeLessThanOrEqual(ANNOUNCEMENT_EXCERPT_MAX);
  });
});
