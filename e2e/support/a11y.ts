import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const screens = path.resolve(import.meta.dirname, '../.artifacts/screens');

/**
 * Keeps a full-page screenshot in e2e/.artifacts/screens, so that a person can look at it.
 * `fullPage: false` keeps the viewport only, without the blur a full-page one causes.
 */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  mkdirSync(screens, { recursive: true });
  await page.screenshot({ path: path.join(screens, `${name}.png`), fullPage });
}

/**
 * Runs axe on the page (WCAG 2.2 AA) and fails on any serious or critical violation;
 * also keeps a full-page screenshot so that a person can look at what was tested.
 * Once per distinct screen (a page, dialog or popover, and the phone layout where it renders
 * other components): axe takes seconds a run. Another state of a screen already checked,
 * with no component of its own, takes only a `screenshot`, with a comment naming the check.
 */
export async function checkScreen(page: Page, name: string) {
  await screenshot(page, name);
  await checkAccessibility(page, name);
}

/**
 * The axe half of checkScreen, for a state a full-page screenshot would end: taking one
 * blurs the focused element in Chromium, which closes a combobox's options.
 */
export async function checkAccessibility(page: Page, name: string) {
  const result = await new AxeBuilder({ page })
    // The passing nodes are left out of the answer (every rule still runs on every node, and a
    // violation still lists all of its nodes). First: `options` replaces what `withTags` sets.
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    // axe.run inside the page, the builder having injected axe into every frame (frames are
    // still checked), instead of its default: partial runs per frame, finished in a new blank
    // page of the context. On the marketplace (3,555 elements) a check took 8-19 s that way and
    // 1.7-3 s this way, with the same violations found (decision 068).
    .setLegacyMode(true)
    .analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')} [${n.failureSummary ?? ''}]`).join(', ')}`,
    ),
    `accessibility violations on ${name}`,
  ).toEqual([]);
}
