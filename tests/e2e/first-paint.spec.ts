/**
 * The first paint (issue 27, web/src/lib/first-paint.ts): index.html draws the signed-in shell's frame and a list
 * page's title before any of the app's scripts has run, and the page React renders later puts its own title at
 * the same place and size (so the largest paint is the first one, and nothing moves).
 */
import { expect, type Page, test } from '@playwright/test';
import { firstPaintPages } from '../../web/src/lib/first-paint';
import { gridRows, sessionFile } from './support';

/** The app's module scripts never arrive: what shows is index.html's own first paint. */
const withoutApp = (page: Page) => page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());

const staticTitle = (page: Page) => page.locator('#first-paint-title');
const pageTitle = (page: Page) => page.getByRole('heading', { level: 2 }).first();

test.beforeEach(async ({ page }) => {
  await page.context().setStorageState(sessionFile('admin'));
});

test("names each list page as the page itself does, in the user's language", async ({ page }) => {
  // The client admin's list pages (companies are the provider's, carriers too: left to the superadmin).
  const pages = firstPaintPages().filter((p) => !['/company/list', '/carrier/list'].includes(p.path));
  for (const language of ['fr', 'en']) {
    // The device's language, as the language switch stores it (a later init script runs after an earlier one).
    await page.addInitScript({ content: `localStorage.setItem('cellar.language', '${language}')` });
    for (const { path } of pages) {
      await page.unrouteAll();
      await withoutApp(page);
      await page.goto(path);
      const painted = await staticTitle(page).textContent();
      expect(painted, `${path} in ${language}`).toBeTruthy();
      await page.unrouteAll();
      await page.goto(path);
      await expect(page.locator('#first-paint-title')).toHaveCount(0);
      await expect(pageTitle(page), `${path} in ${language}`).toHaveText(painted as string);
    }
  }
});

for (const viewport of [
  { name: 'a phone', width: 390, height: 844 },
  { name: 'a desktop', width: 1280, height: 800 },
]) {
  test(`puts the page's own title where the first paint drew it, on ${viewport.name}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    // The app arrives a moment late, so the first paint can be measured before React replaces it.
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    // Not waiting for the load event, which the app's script (asked for before it) holds back.
    await page.goto('/recipient/list', { waitUntil: 'commit' });
    await expect(staticTitle(page)).toHaveText('Destinataires');
    const first = await staticTitle(page).boundingBox();
    // The list's rows drawn: AG Grid's on a desktop, the light table's on a phone.
    await expect(gridRows(page).first()).toBeVisible();
    const final = await pageTitle(page).boundingBox();
    expect(final).not.toBeNull();
    for (const side of ['x', 'y', 'width', 'height'] as const) {
      expect(Math.abs((final?.[side] ?? 0) - (first?.[side] ?? 0)), side).toBeLessThanOrEqual(1);
    }
  });
}

test('draws nothing for a visitor without a session: the sign-in page shows alone', async ({ page }) => {
  await page.addInitScript({ content: 'localStorage.clear()' });
  await withoutApp(page);
  await page.goto('/recipient/list');
  await expect(page.locator('#root')).toBeEmpty();
});
