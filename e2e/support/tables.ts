import { expect, type Locator, type Page } from '@playwright/test';

/**
 * At 390×844, each row of `table` (a DataTable: cards on a phone, or table rows) shows its
 * primary action (the first link or button of its actions, or `action`) inside the viewport, with no sideways
 * scroll of the page or of a box around it: nothing is cut off to the right.
 */
export async function expectRowActionsInViewport(
  page: Page,
  table: Locator,
  { action = '[data-row-actions] :is(a, button)' } = {},
) {
  await page.setViewportSize({ width: 390, height: 844 });
  const rows = table.locator('[data-phone-row], tbody tr');
  await expect(rows.first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const count = await rows.count();
  for (let n = 0; n < count; n++) {
    const target = rows.nth(n).locator(action).first();
    await expect(target, `row ${n + 1} has an action`).toBeVisible();
    expect(await cutOff(target), `the action of row ${n + 1}`).toBeNull();
  }
}

/**
 * Why `target` is not whole on screen: scrolled to the middle of the viewport (up or down
 * only), it is outside the viewport or cut by a box that scrolls or clips sideways. null when
 * it is whole.
 */
export function cutOff(target: Locator): Promise<string | null> {
  return target.evaluate((el) => {
    window.scrollBy(0, el.getBoundingClientRect().top - window.innerHeight / 2);
    const box = el.getBoundingClientRect();
    if (box.left < 0 || box.right > window.innerWidth) return `outside the viewport (${box.left}–${box.right})`;
    for (let box2 = el.parentElement; box2; box2 = box2.parentElement) {
      const style = getComputedStyle(box2);
      if (style.overflowX === 'visible') continue;
      const clip = box2.getBoundingClientRect();
      if (box2.scrollLeft !== 0 || box.left < clip.left || box.right > clip.right)
        return `cut by a box that scrolls sideways (${box.left}–${box.right} in ${clip.left}–${clip.right})`;
    }
    return null;
  });
}

/** Every element `items` finds is whole on screen (see cutOff), its text not cut to an ellipsis either. */
export async function expectWhole(items: Locator) {
  await expect(items.first(), 'something to check').toBeVisible();
  const count = await items.count();
  expect(count, 'something to check').toBeGreaterThan(0);
  for (let n = 0; n < count; n++) {
    const item = items.nth(n);
    expect(await cutOff(item), `item ${n + 1}`).toBeNull();
    const clipped = await item.evaluate((el) =>
      [el, ...el.querySelectorAll('*')].some((e) => e.scrollWidth > e.clientWidth + 1),
    );
    expect(clipped, `the text of item ${n + 1} is cut`).toBe(false);
  }
}
