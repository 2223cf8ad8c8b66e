import { expect, test } from '@playwright/test';
import { checkAccessibility } from './support/a11y';

/**
 * The accessibility check every journey runs must itself fail on a page that breaks the rules:
 * a nameless button, text below the contrast ratio, a field without a label, a target under
 * 24 px (WCAG 2.2) and an image without text inside a frame. If a change of the way axe is
 * called dropped a tag or the frames, this test is the one that says so.
 */
const PAGE = `<!doctype html><html lang="en"><head><title>Broken on purpose</title></head><body><main>
  <h1>Broken on purpose</h1>
  <p style="color:#bbb;background:#fff">Text below the contrast ratio</p>
  <button style="width:12px;height:12px;padding:0"></button>
  <input type="text">
  <iframe title="Framed" src="/frame"></iframe>
</main></body></html>`;
const FRAME = '<!doctype html><html lang="en"><head><title>Frame</title></head><body><img src="x.png"></body></html>';

test('the accessibility check fails on a page that breaks WCAG 2.2 AA, frames included', async ({ page }) => {
  // Served by the test itself, no server: the page and its frame's document.
  await page.route('http://broken.test/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: route.request().url().endsWith('/frame') ? FRAME : PAGE }),
  );
  await page.goto('http://broken.test/');
  await expect(page.frameLocator('iframe').locator('img')).toHaveCount(1);
  const failure = await checkAccessibility(page, 'broken-on-purpose').then(
    () => null,
    (error: Error) => error.message,
  );
  expect(failure).not.toBeNull();
  for (const rule of ['button-name', 'color-contrast', 'label', 'target-size', 'image-alt'])
    expect(failure, `axe reports ${rule}`).toContain(`${rule} (`);
});
