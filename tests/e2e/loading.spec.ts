/**
 * Speed a person feels (issue 13): a list page's first requests go out together, in its route's loader, instead of
 * one after the other (user, then column layout, then rows), and a search the user has moved on from is aborted.
 * The user's answer is held back a moment here, so that "together" is visible in the request times.
 */
import { expect, type Page, type Request, test } from '@playwright/test';
import { gridRows, signedIn } from './support';

const HOLD_MS = 1_500;

/** When each request was sent and when its answer ended, in the test's clock, by request. */
function recordRequests(page: Page) {
  const sent = new Map<Request, number>();
  const ended = new Map<Request, number>();
  page.on('request', (r) => sent.set(r, Date.now()));
  page.on('requestfinished', (r) => ended.set(r, Date.now()));
  const find = (test: (url: URL) => boolean) => {
    const request = [...sent.keys()].find((r) => test(new URL(r.url())));
    if (!request) throw new Error('No such request');
    return { sent: sent.get(request) as number, ended: () => ended.get(request) };
  };
  return { find };
}

/** Holds back the answers of the signed-in user's request (the loader's first await). */
async function holdUser(page: Page) {
  await page.route('**/api/auth/user?**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
    await route.continue();
  });
}

test('the recipients list asks its layout and first rows beside the user, not after', async ({ page }) => {
  await signedIn(page, 'admin');
  await holdUser(page);
  const requests = recordRequests(page);
  await page.goto('/recipient/list');
  await expect(gridRows(page).first()).toBeVisible();

  const user = requests.find((u) => u.pathname === '/api/auth/user');
  const preference = requests.find((u) => u.pathname === '/api/preferences/recipient');
  const list = requests.find((u) => u.pathname === '/api/contacts');
  const userEnded = user.ended() as number;
  expect(userEnded - user.sent).toBeGreaterThanOrEqual(HOLD_MS - 100);
  // Both went out while the user's answer was still held back: one round, not three.
  expect(preference.sent).toBeLessThan(userEnded);
  expect(list.sent).toBeLessThan(userEnded);
  expect(list.sent).toBeLessThan(preference.ended() as number);
});

test('the product list asks its families, attributes, layout and first rows beside the user', async ({ page }) => {
  await signedIn(page, 'admin');
  await holdUser(page);
  const requests = recordRequests(page);
  await page.goto('/product/list');
  await expect(gridRows(page).first()).toBeVisible();

  const userEnded = requests.find((u) => u.pathname === '/api/auth/user').ended() as number;
  for (const path of ['/api/preferences/product', '/api/products', '/api/attribute-groups', '/api/product-families']) {
    expect(requests.find((u) => u.pathname === path).sent, path).toBeLessThan(userEnded);
  }
});

for (const [path, preference, list] of [
  ['/order/list', '/api/preferences/order', '/api/orders'],
  ['/reception/list', '/api/preferences/reception', '/api/receptions'],
  ['/stock/list', '/api/preferences/stock', '/api/stocks'],
  ['/stock/movement', '/api/preferences/stock-movement', '/api/stock-movements'],
  ['/shipping-order/list', '/api/preferences/shipping-order', '/api/shipping-orders'],
] as const) {
  test(`${path} asks its layout and first rows beside the user, and asks its rows once`, async ({ page }) => {
    await signedIn(page, 'admin');
    await holdUser(page);
    const requests = recordRequests(page);
    let listRequests = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === list) listRequests++;
    });
    await page.goto(path);
    await expect(gridRows(page).first()).toBeVisible();

    const userEnded = requests.find((u) => u.pathname === '/api/auth/user').ended() as number;
    expect(requests.find((u) => u.pathname === preference).sent).toBeLessThan(userEnded);
    expect(requests.find((u) => u.pathname === list).sent).toBeLessThan(userEnded);
    // The grid took the page its loader asked: no second request for the same rows.
    expect(listRequests).toBe(1);
  });
}

test('the client accounts list asks its layout and first rows beside the superadmin', async ({ page }) => {
  await signedIn(page, 'superadmin');
  await holdUser(page);
  const requests = recordRequests(page);
  await page.goto('/company/list');
  await expect(gridRows(page).first()).toBeVisible();

  const userEnded = requests.find((u) => u.pathname === '/api/auth/user').ended() as number;
  expect(requests.find((u) => u.pathname === '/api/preferences/company').sent).toBeLessThan(userEnded);
  expect(requests.find((u) => u.pathname === '/api/companies').sent).toBeLessThan(userEnded);
});

test('the users list asks its column layout beside the user', async ({ page }) => {
  await signedIn(page, 'admin');
  await holdUser(page);
  const requests = recordRequests(page);
  await page.goto('/client-user/list');
  await expect(gridRows(page).first()).toBeVisible();

  const userEnded = requests.find((u) => u.pathname === '/api/auth/user').ended() as number;
  expect(requests.find((u) => u.pathname === '/api/preferences/client-user').sent).toBeLessThan(userEnded);
});

test('a search typed on before its answer aborts the request it replaces', async ({ page }) => {
  await signedIn(page, 'admin');
  await page.goto('/recipient/list');
  await expect(gridRows(page).first()).toBeVisible();
  // The first search's answer is slow; the second one's is not.
  await page.route('**/api/contacts?**', async (route) => {
    if (decodeURIComponent(route.request().url()).includes('Cav') && !route.request().url().includes('Cave')) {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
    }
    await route.continue().catch(() => undefined);
  });
  const failed: { url: string; error: string }[] = [];
  page.on('requestfailed', (r) =>
    failed.push({ url: decodeURIComponent(r.url()), error: r.failure()?.errorText ?? '' }),
  );

  const search = page.getByRole('textbox', { name: 'Rechercher' });
  const first = page.waitForRequest(
    (r) => r.url().includes('/api/contacts') && decodeURIComponent(r.url()).includes('Cav'),
  );
  await search.fill('Cav');
  await first;
  await search.fill('Cave');
  await expect(page.getByText('Cave').first()).toBeVisible();

  await expect
    .poll(() => failed.filter((f) => f.url.includes('/api/contacts') && !f.url.includes('Cave')))
    .toEqual([expect.objectContaining({ error: expect.stringContaining('ABORTED') })]);
});

for (const viewport of [
  { width: 1400, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`a signed-in page paints the shell's frame while the user is still loading, then the page in it, at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signedIn(page, 'admin');
    await holdUser(page);
    await page.goto('/recipient/list');
    // The user's answer is held back: the frame shows the product's name and a translated loader, not a blank page.
    const banner = page.getByRole('heading', { name: 'Cellar', level: 3 });
    await expect(banner).toBeVisible();
    await expect(page.getByLabel('Chargement…')).toBeVisible();
    await expect(gridRows(page)).toHaveCount(0);
    const before = await banner.boundingBox();
    // Then the shell and the page: the product's name has not moved.
    await expect(gridRows(page).first()).toBeVisible();
    expect(await banner.boundingBox()).toEqual(before);
  });
}
