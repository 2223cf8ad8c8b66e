import { describe, expect, it } from 'vitest';
import { hasUnsupportedCharacters, INPUT_MAX_DEPTH, type InputProblem, inspectInput } from './input-text';

/** `depth` objects inside one another around `leaf`. */
const nested = (depth: number, leaf: unknown = 1) => {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

describe('hasUnsupportedCharacters', () => {
  it.each([
    ['U+0000', 'Summer\u0000sale'],
    ['a lone high surrogate', 'broken \uD83D emoji'],
    ['a lone high surrogate at the end', 'end\uD83D'],
    ['a lone low surrogate', '\uDE00 first'],
    ['two high surrogates', '\uD83D\uD83D\uDE00'],
  ])('finds %s', (_, text) => {
    expect(hasUnsupportedCharacters(text)).toBe(true);
  });

  it.each([
    ['plain text', 'Summer sale - 20% off!'],
    ['an emoji (a surrogate pair)', 'Launch 🚀 today'],
    ['accents, CJK and RTL', 'Crème brûlée 広告 إعلان'],
    ['tabs and new lines', 'line one\n\tline two\r\n'],
    ['other control characters PostgreSQL stores', '\u0001\u001f\u007f'],
    ['the empty string', ''],
  ])('accepts %s', (_, text) => {
    expect(hasUnsupportedCharacters(text)).toBe(false);
  });
});

describe('inspectInput', () => {
  it.each<[string, unknown, InputProblem]>([
    ['a value', { name: 'a\u0000b' }, 'unsupportedCharacters'],
    ['a key', { 'na\uD800me': 'x' }, 'unsupportedCharacters'],
    ['an array item deep inside', { list: ['ok', { more: ['\uDC00'] }] }, 'unsupportedCharacters'],
    ['a string at the root', '\u0000', 'unsupportedCharacters'],
    ['nesting one level too deep', nested(INPUT_MAX_DEPTH + 1), 'tooDeep'],
  ])('finds %s', (_, value, problem) => {
    expect(inspectInput(value)).toBe(problem);
  });

  it('accepts ordinary input, nesting up to the limit and non-text values', () => {
    expect(inspectInput({ name: 'Launch 🚀', ids: [1, 2], on: true, none: null })).toBeNull();
    expect(inspectInput(nested(INPUT_MAX_DEPTH))).toBeNull();
    expect(inspectInput(undefined)).toBeNull();
    expect(inspectInput(new Uint8Array([0, 0xd8]))).toBeNull();
  });

  it('walks 100,000 levels without overflowing the stack', () => {
    expect(inspectInput(nested(100_000), 100_001)).toBeNull();
    expect(inspectInput(nested(100_000))).toBe('tooDeep');
  });
});
