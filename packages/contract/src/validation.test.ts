import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  EmailSchema,
  isStrongPassword,
  PASSWORD_CRITERIA_LABELS,
  passwordStrength,
  VALIDATION_MESSAGES,
} from './validation';

/** The messages a form would show, in order. */
const messages = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues.map((i) => i.message);

describe('EmailSchema', () => {
  it('asks for the email when it is missing, empty or only spaces', () => {
    expect(messages(EmailSchema, undefined)).toEqual([VALIDATION_MESSAGES.emailRequired]);
    expect(messages(EmailSchema, '')).toEqual([VALIDATION_MESSAGES.emailRequired]);
    expect(messages(EmailSchema, '   ')).toEqual([VALIDATION_MESSAGES.emailRequired]);
  });

  it.each([
    'plainaddress',
    'no-at.example.com',
    'two@@example.com',
    'a@b',
    'a b@example.com',
    '@example.com',
    'a@example.c',
    'a@.example.com',
  ])('refuses %s as not a valid email address', (value) => {
    expect(messages(EmailSchema, value)).toEqual([VALIDATION_MESSAGES.emailInvalid]);
  });

  it('refuses an address longer than 254 characters as invalid', () => {
    const long = `${'a'.repeat(250)}@example.com`;
    expect(messages(EmailSchema, long)).toEqual([VALIDATION_MESSAGES.emailInvalid]);
  });

  it.each(['a@b.co', 'first.last+tag@sub.example.org', 'x_y-z@example.io'])('accepts %s', (value) => {
    expect(EmailSchema.parse(value)).toBe(value);
  });

  it('trims surrounding spaces and lowercases the address', () => {
    expect(EmailSchema.parse('  Ada.Lovelace@Example.COM \t')).toBe('ada.lovelace@example.com');
  });
});

describe('passwordStrength', () => {
  it('reports nothing met for an empty password', () => {
    expect(passwordStrength('')).toEqual({
      hasUppercaseCharacter: false,
      hasLowercaseCharacter: false,
      hasDigit: false,
      hasSpecialCharacter: false,
      hasMinimumLength: false,
    });
  });

  it('reports an uppercase letter on its own', () => {
    expect(passwordStrength('A')).toMatchObject({ hasUppercaseCharacter: true, hasLowercaseCharacter: false });
  });

  it('reports a lowercase letter on its own', () => {
    expect(passwordStrength('a')).toMatchObject({ hasLowercaseCharacter: true, hasUppercaseCharacter: false });
  });

  it('reports a digit on its own', () => {
    expect(passwordStrength('7')).toMatchObject({ hasDigit: true, hasSpecialCharacter: false });
  });

  it.each(['!', ' ', '€', '_', '-'])('counts %j as a special (non-alphanumeric) character', (c) => {
    expect(passwordStrength(c)).toMatchObject({ hasSpecialCharacter: true, hasDigit: false });
  });

  it('needs at least 8 characters for the length criterion', () => {
    expect(passwordStrength('abcdefg').hasMinimumLength).toBe(false);
    expect(passwordStrength('abcdefgh').hasMinimumLength).toBe(true);
  });

  it('labels every criterion it reports', () => {
    expect(Object.keys(PASSWORD_CRITERIA_LABELS).sort()).toEqual(Object.keys(passwordStrength('')).sort());
  });
});

describe('isStrongPassword', () => {
  it('accepts a password that meets every criterion', () => {
    expect(isStrongPassword('Str0ng!Pw')).toBe(true);
  });

  it.each([
    ['no uppercase', 'str0ng!pw'],
    ['no lowercase', 'STR0NG!PW'],
    ['no digit', 'Strong!Pw'],
    ['no special character', 'Str0ngPwd'],
    ['fewer than 8 characters', 'St0ng!P'],
  ])('refuses a password with %s', (_why, password) => {
    expect(isStrongPassword(password)).toBe(false);
  });
});
