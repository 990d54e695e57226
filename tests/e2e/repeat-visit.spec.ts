/**
 * Repeat visits start from the browser's copy of the site (web/vite.config.ts): once the service worker holds the
 * shell and the chunks a page used, the page opens again without the network, and the API is never its.
 */
import { expect, test } from '@playwright/test';

test.use({ serviceWorkers: 'allow' });

test('a second visit opens from the browser’s copy, even offline, and the API stays the network’s', async ({
  page,
  context,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  // The worker installs after the page has loaded, then takes the page over.
  await expect
    .poll(() => page.evaluate<boolean>('navigator.serviceWorker.controller !== null'), { timeout: 20_000 })
    .toBe(true);
  // A visit through the worker keeps the chunks the page loads.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();

  await context.setOffline(true);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await context.setOffline(false);

  // A document of the API, opened in the tab, is the API's answer, not the shell.
  const openapi = await page.goto('/api/openapi.json');
  expect(openapi?.headers()['content-type']).toContain('application/json');
  expect(openapi?.fromServiceWorker()).toBe(false);
});
