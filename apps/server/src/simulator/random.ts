/**
 * A small seeded PRNG (mulberry32) and helpers, so that a simulation with a given seed is the
 * same on every run (tests, and the demo history planned twice: once to fund, once to record).
 */
export type Rng = {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max]. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** One item, chosen with the given weights. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  pick<T>(items: readonly T[]): T;
};

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    weighted<T>(items: readonly (readonly [T, number])[]): T {
      let total = 0;
      for (const [, w] of items) total += w;
      let r = next() * total;
      for (const [item, w] of items) {
        r -= w;
        if (r < 0) return item;
      }
      const last = items[items.length - 1];
      if (!last) throw new Error('weighted: no items');
      return last[0];
    },
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick: no items');
      return item;
    },
  };
}

/** A stable 32-bit hash of a string (FNV-1a), for per-campaign constants and derived seeds. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
