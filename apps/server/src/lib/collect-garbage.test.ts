import { describe, expect, it } from 'vitest';
import { collectGarbage } from './collect-garbage';

describe('collectGarbage', () => {
  it('collects what nothing refers to any more, without a global gc', async () => {
    let garbage: number[][] | null = Array.from({ length: 200 }, () => Array.from({ length: 1000 }, (_, i) => i));
    let registry: FinalizationRegistry<string> | undefined;
    const collected = new Promise<string>((resolve) => {
      registry = new FinalizationRegistry<string>(resolve);
      registry.register(garbage as object, 'gone');
    });
    garbage = null;
    collectGarbage();
    collectGarbage();
    await expect(Promise.race([collected, new Promise((r) => setTimeout(() => r('kept'), 2000))])).resolves.toBe(
      'gone',
    );
    expect(registry).toBeDefined();
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });
});
