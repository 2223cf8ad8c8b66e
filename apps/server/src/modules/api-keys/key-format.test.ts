import { describe, expect, it } from 'vitest';
import { API_KEY_PATTERN } from '@cryptads/contract/api-keys';
import { base62Fixed, isWellFormedApiKey, newApiKey, shownPrefix } from './key-format';
import { consume, memoryCounter, policyHeader, rateLimitHeader } from './rate-limit';

describe('the API key format', () => {
  it('is the prefix, 32 base62 characters and a 6-character CRC-32', () => {
    const key = newApiKey();
    expect(key).toMatch(/^cads_live_[0-9A-Za-z]{32}_[0-9A-Za-z]{6}$/);
    expect(isWellFormedApiKey(key)).toBe(true);
    expect(key.match(API_KEY_PATTERN)).toEqual([key]);
    expect(shownPrefix(key)).toBe(key.slice(0, 14));
    expect(new Set(Array.from({ length: 200 }, newApiKey)).size).toBe(200);
  });

  it('tells a changed character by its checksum', () => {
    const key = newApiKey();
    const i = 15;
    const changed = key.slice(0, i) + (key[i] === 'a' ? 'b' : 'a') + key.slice(i + 1);
    expect(isWellFormedApiKey(changed)).toBe(false);
    expect(isWellFormedApiKey(`${key}x`)).toBe(false);
    expect(isWellFormedApiKey('ghp_abc')).toBe(false);
  });

  it('writes 32-bit numbers in exactly six base62 characters', () => {
    expect(base62Fixed(0)).toBe('000000');
    expect(base62Fixed(61)).toBe('00000z');
    expect(base62Fixed(0xffffffff)).toHaveLength(6);
  });
});

describe('the rate-limit counters', () => {
  it('count per window and reset with the next one', async () => {
    const counter = memoryCounter();
    const policy = { name: 'key', quota: 2, windowSeconds: 60 };
    const start = 1_800_000_000_000 - (1_800_000_000_000 % 60_000);
    const checks = [{ id: 'k:1', policy }];
    expect((await consume(counter, checks, start)).limited).toBeNull();
    const second = await consume(counter, checks, start + 2_000);
    expect(rateLimitHeader(second.usages)).toBe('"key";r=0;t=58');
    expect(policyHeader(second.usages)).toBe('"key";q=2;w=60');
    expect((await consume(counter, checks, start + 3_000)).limited?.resetSeconds).toBe(57);
    expect((await consume(counter, checks, start + 60_000)).limited).toBeNull();
  });
});
