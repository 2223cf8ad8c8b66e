import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AUTH_MESSAGES,
  EmailCodeInputSchema,
  LoginInputSchema,
  RecoveryInputSchema,
  RecoveryValidateInputSchema,
  RegisterInputSchema,
  ResetPasswordFormSchema,
  SignupFormSchema,
  TwoFactorCodeSchema,
  TwoFactorLoginInputSchema,
} from './auth';
import { VALIDATION_MESSAGES } from './validation';

const STRONG = 'Str0ng!Passw0rd';

/** The message shown under one field, or undefined when that field is fine. */
function messageFor(schema: z.ZodType, value: unknown, field: string) {
  return schema.safeParse(value).error?.issues.find((i) => i.path[0] === field)?.message;
}
const firstMessage = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('RegisterInputSchema', () => {
  const valid = {
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    userType: 1,
    password: STRONG,
    captcha: 'token',
  };

  it('accepts a complete sign-up and normalises email and names', () => {
    const parsed = RegisterInputSchema.parse({ ...valid, email: ' Ada@Example.com ', firstName: '  Ada ' });
    expect(parsed).toMatchObject({ email: 'ada@example.com', firstName: 'Ada', userType: 1 });
  });

  it('accepts both account types a person can choose', () => {
    expect(RegisterInputSchema.safeParse({ ...valid, userType: 1 }).success).toBe(true);
    expect(RegisterInputSchema.safeParse({ ...valid, userType: 2 }).success).toBe(true);
  });

  it('never lets sign-up choose an operator account (docs/decisions/032)', () => {
    expect(messageFor(RegisterInputSchema, { ...valid, userType: 3 }, 'userType')).toBe(
      AUTH_MESSAGES.chooseAccountType,
    );
    expect(RegisterInputSchema.safeParse({ ...valid, userType: 0 }).success).toBe(false);
  });

  it('applies the email rules', () => {
    expect(messageFor(RegisterInputSchema, { ...valid, email: '' }, 'email')).toBe(VALIDATION_MESSAGES.emailRequired);
    expect(messageFor(RegisterInputSchema, { ...valid, email: 'nope' }, 'email')).toBe(
      VALIDATION_MESSAGES.emailInvalid,
    );
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', '   '],
  ])('asks for the first name when it is %s', (_why, firstName) => {
    expect(messageFor(RegisterInputSchema, { ...valid, firstName }, 'firstName')).toBe(AUTH_MESSAGES.firstNameRequired);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', '   '],
  ])('asks for the last name when it is %s', (_why, lastName) => {
    expect(messageFor(RegisterInputSchema, { ...valid, lastName }, 'lastName')).toBe(AUTH_MESSAGES.lastNameRequired);
  });

  it('accepts names of exactly 50 characters and refuses 51', () => {
    const fifty = 'a'.repeat(50);
    expect(RegisterInputSchema.safeParse({ ...valid, firstName: fifty, lastName: fifty }).success).toBe(true);
    expect(messageFor(RegisterInputSchema, { ...valid, firstName: `${fifty}b` }, 'firstName')).toBe(
      AUTH_MESSAGES.nameTooLong,
    );
    expect(messageFor(RegisterInputSchema, { ...valid, lastName: `${fifty}b` }, 'lastName')).toBe(
      AUTH_MESSAGES.nameTooLong,
    );
    expect(AUTH_MESSAGES.nameTooLong).toBe('Please use at most 50 characters.');
  });

  it('counts a name after trimming it', () => {
    expect(RegisterInputSchema.safeParse({ ...valid, firstName: `  ${'a'.repeat(50)}  ` }).success).toBe(true);
  });

  it.each([
    ['unassigned (0)', 0],
    ['missing', undefined],
    ['an unknown type (3)', 3],
    ['a string', '1'],
  ])('asks to choose a type of account when it is %s', (_why, userType) => {
    expect(messageFor(RegisterInputSchema, { ...valid, userType }, 'userType')).toBe(AUTH_MESSAGES.chooseAccountType);
  });

  it('asks for a password when it is missing or empty', () => {
    expect(messageFor(RegisterInputSchema, { ...valid, password: undefined }, 'password')).toBe(
      AUTH_MESSAGES.passwordRequired,
    );
    expect(messageFor(RegisterInputSchema, { ...valid, password: '' }, 'password')).toBe(
      AUTH_MESSAGES.passwordRequired,
    );
  });

  it('refuses a weak password as not strong enough', () => {
    expect(messageFor(RegisterInputSchema, { ...valid, password: 'password' }, 'password')).toBe(
      VALIDATION_MESSAGES.passwordNotStrong,
    );
    expect(VALIDATION_MESSAGES.passwordNotStrong).toBe('Password is not strong enough.');
  });

  it('refuses a password longer than 128 characters', () => {
    const long = `Aa1!${'x'.repeat(125)}`;
    expect(messageFor(RegisterInputSchema, { ...valid, password: long }, 'password')).toBe(
      VALIDATION_MESSAGES.passwordNotStrong,
    );
  });

  it('requires the captcha', () => {
    expect(messageFor(RegisterInputSchema, { ...valid, captcha: undefined }, 'captcha')).toBe(
      AUTH_MESSAGES.captchaRequired,
    );
    expect(messageFor(RegisterInputSchema, { ...valid, captcha: '' }, 'captcha')).toBe(AUTH_MESSAGES.captchaRequired);
  });

  it('reports the email first when everything is missing', () => {
    expect(firstMessage(RegisterInputSchema, {})).toBe(VALIDATION_MESSAGES.emailRequired);
  });
});

describe('SignupFormSchema', () => {
  const valid = {
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    password: STRONG,
    repeatPassword: STRONG,
    acceptTerms: true,
  };

  it('accepts a complete form', () => {
    expect(SignupFormSchema.safeParse(valid).success).toBe(true);
  });

  it('says both passwords must match under the confirmation', () => {
    const issues = SignupFormSchema.safeParse({ ...valid, repeatPassword: `${STRONG}x` }).error?.issues;
    expect(issues).toEqual([
      expect.objectContaining({ path: ['repeatPassword'], message: VALIDATION_MESSAGES.passwordsMustMatch }),
    ]);
  });

  it('asks to confirm the password when the confirmation is empty or missing', () => {
    expect(messageFor(SignupFormSchema, { ...valid, repeatPassword: '' }, 'repeatPassword')).toBe(
      AUTH_MESSAGES.confirmPassword,
    );
    expect(messageFor(SignupFormSchema, { ...valid, repeatPassword: undefined }, 'repeatPassword')).toBe(
      AUTH_MESSAGES.confirmPassword,
    );
  });

  it('asks to accept the terms when they are not accepted or missing', () => {
    expect(messageFor(SignupFormSchema, { ...valid, acceptTerms: false }, 'acceptTerms')).toBe(
      AUTH_MESSAGES.acceptTerms,
    );
    expect(messageFor(SignupFormSchema, { ...valid, acceptTerms: undefined }, 'acceptTerms')).toBe(
      AUTH_MESSAGES.acceptTerms,
    );
  });

  it('needs neither captcha nor account type (they are other steps)', () => {
    expect(SignupFormSchema.safeParse(valid).success).toBe(true);
  });

  it('keeps the password rules of the sign-up', () => {
    expect(messageFor(SignupFormSchema, { ...valid, password: 'weak', repeatPassword: 'weak' }, 'password')).toBe(
      VALIDATION_MESSAGES.passwordNotStrong,
    );
  });
});

describe('LoginInputSchema', () => {
  const valid = { email: 'ada@example.com', password: 'anything', captcha: 'token' };

  it('accepts an email and any non-empty password, rememberMe defaulting to false', () => {
    expect(LoginInputSchema.parse(valid)).toEqual({ ...valid, rememberMe: false });
    expect(LoginInputSchema.parse({ ...valid, rememberMe: true }).rememberMe).toBe(true);
  });

  it('does not judge the strength of an existing password', () => {
    expect(LoginInputSchema.safeParse({ ...valid, password: 'a' }).success).toBe(true);
  });

  it('applies the email rules', () => {
    expect(messageFor(LoginInputSchema, { ...valid, email: undefined }, 'email')).toBe(
      VALIDATION_MESSAGES.emailRequired,
    );
    expect(messageFor(LoginInputSchema, { ...valid, email: 'ada@' }, 'email')).toBe(VALIDATION_MESSAGES.emailInvalid);
  });

  it('asks for the password when it is missing or empty', () => {
    expect(messageFor(LoginInputSchema, { ...valid, password: '' }, 'password')).toBe(
      AUTH_MESSAGES.loginPasswordRequired,
    );
    expect(messageFor(LoginInputSchema, { ...valid, password: undefined }, 'password')).toBe(
      AUTH_MESSAGES.loginPasswordRequired,
    );
    expect(AUTH_MESSAGES.loginPasswordRequired).toBe('Please enter your password.');
  });

  it('requires the captcha', () => {
    expect(messageFor(LoginInputSchema, { ...valid, captcha: '' }, 'captcha')).toBe(AUTH_MESSAGES.captchaRequired);
  });
});

describe('TwoFactorCodeSchema', () => {
  it('accepts six digits, ignoring surrounding spaces', () => {
    expect(TwoFactorCodeSchema.parse('012345')).toBe('012345');
    expect(TwoFactorCodeSchema.parse(' 012345 ')).toBe('012345');
  });

  it.each([
    ['empty', ''],
    ['missing', undefined],
    ['five digits', '12345'],
    ['seven digits', '1234567'],
    ['letters', 'abcdef'],
    ['digits and a letter', '12345a'],
    ['a number instead of a string', 123456],
  ])('says the 2FA code is invalid when it is %s', (_why, code) => {
    expect(firstMessage(TwoFactorCodeSchema, code)).toBe('Your 2FA Code is invalid. Please try again.');
  });

  it('applies to the two-factor login body', () => {
    const valid = { credentialsToken: 'abc', captcha: 'token', twoFactorCode: '123456' };
    expect(TwoFactorLoginInputSchema.safeParse(valid).success).toBe(true);
    expect(messageFor(TwoFactorLoginInputSchema, { ...valid, twoFactorCode: '12345' }, 'twoFactorCode')).toBe(
      AUTH_MESSAGES.twoFactorInvalid,
    );
    expect(messageFor(TwoFactorLoginInputSchema, { ...valid, credentialsToken: '' }, 'credentialsToken')).toContain(
      'redirecting',
    );
  });
});

describe('EmailCodeInputSchema', () => {
  it('accepts a six-digit code', () => {
    expect(EmailCodeInputSchema.parse({ code: '000123' })).toEqual({ code: '000123' });
  });

  it.each([
    ['empty', ''],
    ['missing', undefined],
    ['short', '12345'],
    ['letters', '12a456'],
  ])('says the code is invalid when it is %s', (_why, code) => {
    expect(firstMessage(EmailCodeInputSchema, { code })).toBe(AUTH_MESSAGES.codeInvalid);
  });
});

describe('RecoveryInputSchema and RecoveryValidateInputSchema', () => {
  it('apply the email rules to the forgot form', () => {
    expect(firstMessage(RecoveryInputSchema, { email: '', captcha: 'x' })).toBe(VALIDATION_MESSAGES.emailRequired);
    expect(RecoveryInputSchema.parse({ email: ' A@B.co ', captcha: 'x' }).email).toBe('a@b.co');
  });

  it('require a strong new password and the link code', () => {
    const valid = { password: STRONG, code: 'link-code', captcha: 'x' };
    expect(RecoveryValidateInputSchema.safeParse(valid).success).toBe(true);
    expect(firstMessage(RecoveryValidateInputSchema, { ...valid, password: '' })).toBe(AUTH_MESSAGES.passwordRequired);
    expect(firstMessage(RecoveryValidateInputSchema, { ...valid, password: 'weakpass' })).toBe(
      VALIDATION_MESSAGES.passwordNotStrong,
    );
    expect(firstMessage(RecoveryValidateInputSchema, { ...valid, code: '' })).toBe(AUTH_MESSAGES.recoveryLinkInvalid);
  });
});

describe('ResetPasswordFormSchema', () => {
  it('accepts a strong password typed twice', () => {
    expect(ResetPasswordFormSchema.safeParse({ password: STRONG, repeatPassword: STRONG }).success).toBe(true);
  });

  it('asks for a password, then for a strong one', () => {
    expect(messageFor(ResetPasswordFormSchema, { password: '', repeatPassword: '' }, 'password')).toBe(
      AUTH_MESSAGES.passwordRequired,
    );
    expect(messageFor(ResetPasswordFormSchema, { password: 'abc', repeatPassword: 'abc' }, 'password')).toBe(
      VALIDATION_MESSAGES.passwordNotStrong,
    );
  });

  it('asks to confirm the password when the confirmation is empty or missing', () => {
    expect(messageFor(ResetPasswordFormSchema, { password: STRONG, repeatPassword: '' }, 'repeatPassword')).toBe(
      AUTH_MESSAGES.confirmPassword,
    );
    expect(messageFor(ResetPasswordFormSchema, { password: STRONG }, 'repeatPassword')).toBe(
      AUTH_MESSAGES.confirmPassword,
    );
  });

  it('says both passwords must match', () => {
    expect(
      messageFor(ResetPasswordFormSchema, { password: STRONG, repeatPassword: 'Other0!pass' }, 'repeatPassword'),
    ).toBe(VALIDATION_MESSAGES.passwordsMustMatch);
  });
});
