/**
 * What the SPA keeps between screens (spec 1 §3): the warehouses a user selected, per user and gone with the
 * session, and the order being built (the tab's current order), offered again by the new-order button.
 */
import { expect, type Page, test } from '@playwright/test';
import { chooseSegment, enterQuantity, newOrder, singleLotProduct } from './order-steps';
import { ACCOUNTS, api, consoleErrors, horizontalOverflow, signedIn, signIn, uniqueCode } from './support';

const PHONE = { width: 390, height: 844 };

/** The order wizard's warehouse filter (step 2). */
const warehouseFilter = (page: Page) => page.getByRole('combobox', { name: 'Entrepôts' });
/** The warehouses the filter shows chosen (Mantine's pills). */
const chosen = (page: Page) => page.locator('.mantine-MultiSelect-pill');

/** From the order list, a new order's products step (B2B). */
async function productsStep(page: Page) {
  await page.goto('/order/list');
  await newOrder(page);
  await chooseSegment(page, 'B2B');
}

/** Everything the SPA holds in the browser under its prefix (localStorage and sessionStorage). */
const storedKeys = (page: Page) =>
  page.evaluate<string[]>(
    "[...Object.keys(localStorage), ...Object.keys(sessionStorage)].filter((k) => k.startsWith('cellar.'))",
  );

/** Every test: the screens it walks log no error. */
let errors: string[] = [];
test.beforeEach(({ page }) => {
  errors = consoleErrors(page);
});
test.afterEach(() => expect(errors).toEqual([]));

test.describe('Selected warehouses', () => {
  test('are kept for the user between screens and reloads, start the single-warehouse forms, and go with the session', async ({
    page,
  }) => {
    await signedIn(page, 'user');
    await productsStep(page);
    await expect(chosen(page)).toHaveCount(0);
    await warehouseFilter(page).click();
    await page.getByRole('option', { name: /^COG - / }).click();
    await page.keyboard.press('Escape');
    await expect(chosen(page)).toHaveText([/^COG - /]);

    // Another screen: a new product starts in the warehouse selected.
    await page.goto('/product/create');
    await expect(page.getByRole('combobox', { name: 'Entrepôt', exact: true })).toHaveValue(/^COG - /);

    // Back in a new order, after a reload: the filter opens on it, and looks for products there only.
    await page.reload();
    const searched = page.waitForRequest(
      (r) => new URL(r.url()).pathname === '/api/products' && r.url().includes('warehouse.uuid'),
    );
    await productsStep(page);
    await expect(chosen(page)).toHaveText([/^COG - /]);
    const warehouses = await api<{ id: string; code: string }[]>(page, '/api/warehouses');
    const cog = warehouses.find((w) => w.code === 'COG');
    expect(decodeURIComponent((await searched).url())).toContain(`filter[warehouse.uuid]=${cog?.id}`);

    // Signed out: no session key stays in the browser (the device's language and menu state may); signed in again,
    // the filter is empty.
    const session = /^cellar\.(token|impersonationToken|selectedWarehouses\.|current)/;
    expect((await storedKeys(page)).filter((k) => session.test(k))).toContain(
      `cellar.selectedWarehouses.${(await api<{ id: string }>(page, '/api/auth/user')).id}`,
    );
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await storedKeys(page)).filter((k) => session.test(k))).toEqual([]);
    await signIn(page, ACCOUNTS.user);
    await productsStep(page);
    await expect(chosen(page)).toHaveCount(0);
  });

  test('are each user’s own: an account switched to has its own, and its parent finds theirs on coming back', async ({
    page,
  }) => {
    await signedIn(page, 'admin');
    await productsStep(page);
    await warehouseFilter(page).click();
    await page.getByRole('option', { name: /^BDX - / }).click();
    await page.keyboard.press('Escape');
    await expect(chosen(page)).toHaveText([/^BDX - /]);

    // CLI001's admin switches to CLI002's account, whose filter is its own.
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Changer de compte' }).click();
    await page.getByRole('menuitem', { name: `Coopérative des Coteaux — ${ACCOUNTS.otherAdmin}` }).click();
    await expect(page.getByText('CLI002 — Coopérative des Coteaux')).toBeVisible();
    await productsStep(page);
    await expect(chosen(page)).toHaveCount(0);

    await page.getByRole('button', { name: 'Revenir au compte principal' }).click();
    await expect(page.getByRole('button', { name: 'Changer de compte' })).toBeVisible();
    await productsStep(page);
    await expect(chosen(page)).toHaveText([/^BDX - /]);
  });

  test('the filter with a warehouse selected fits a phone (390 px)', async ({ page }) => {
    await signedIn(page, 'user');
    await page.setViewportSize(PHONE);
    await productsStep(page);
    await warehouseFilter(page).click();
    await page.getByRole('option', { name: /^BDX - / }).click();
    await page.getByRole('option', { name: /^REI - / }).click();
    await page.keyboard.press('Escape');
    await expect(chosen(page)).toHaveCount(2);
    await page.reload();
    await page.goto('/order/list');
    await newOrder(page);
    await chooseSegment(page, 'B2B');
    await expect(chosen(page)).toHaveCount(2);
    await expect(warehouseFilter(page)).toBeInViewport();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });
});

test.describe('Current order', () => {
  test('New order offers the draft the user worked on last in the tab, before a newer one, until they start anew', async ({
    page,
  }) => {
    await signedIn(page, 'user');
    const { code, lot } = await singleLotProduct(page, 'B2B');
    const reference = uniqueCode('CUR');

    // The draft being built: its first cart line creates it, then the details name it.
    await productsStep(page);
    await enterQuantity(page, code, 1);
    await expect(page).toHaveURL(/\/order\/create\?order_id=/);
    await page.getByRole('button', { name: 'Valider le panier' }).click();
    await page.getByRole('textbox', { name: 'Référence de la commande' }).fill(reference);
    await page.getByRole('button', { name: 'Enregistrer en brouillon' }).click();
    await expect(page).toHaveURL(/\/order\/list$/);

    // Meanwhile the same user makes a newer draft elsewhere (another tab, the API).
    const newer = uniqueCode('NEW');
    const token = await page.evaluate("localStorage.getItem('cellar.token')");
    const created = await page.request.post('/api/orders', {
      headers: { authorization: `Bearer ${token}` },
      data: { segment: 'B2B', reference: newer, statusCode: '000', stocks: [{ stockId: lot.id, ordered: 1 }] },
    });
    expect(created.status()).toBe(201);

    // This tab's current order is offered, not the newest draft.
    await page.getByRole('button', { name: 'Nouvelle commande' }).click();
    const modal = page.getByRole('dialog', { name: 'Commande en cours' });
    await expect(modal).toContainText(reference);
    // Starting anew forgets it: the newest draft is offered next.
    await modal.getByRole('button', { name: 'Nouvelle commande' }).click();
    await expect(page).toHaveURL(/\/order\/create$/);
    await page.goto('/order/list');
    await page.getByRole('button', { name: 'Nouvelle commande' }).click();
    await expect(modal).toContainText(newer);
  });
});
