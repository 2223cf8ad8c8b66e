import { describe, expect, it } from 'vitest';
import { randomId } from './crypto';

describe('randomId', () => {
  it('hands out URL-safe ids of the asked length, never the same bytes twice across pool refills', () => {
    // 12 bytes each: 2,000 ids draw 24,000 bytes, so the 4 KB pool is refilled five times.
    const ids = Array.from({ length: 2000 }, () => randomId(12));
    expect(ids.every((id) => /^[A-Za-z0-9_-]{16}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('draws a request larger than the pool allows straight from the generator', () => {
    const id = randomId(300);
    expect(Buffer.from(id, 'base64url')).toHaveLength(300);
  });
});
