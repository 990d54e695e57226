/**
 * API keys, end to end: a client's admin makes a read-and-write key for every module on its page, copies it from
 * the dialog that shows it once, and a client system (this script, with Node's fetch) places an order with it,
 * which the admin then finds in the orders list; once the admin revokes the key, the system's next call is
 * refused (401).
 */
import { expect, type Page, test } from '@playwright/test';
import { blockingViolations, gridRows, horizontalOverflow, named, signedIn, uniqueCode } from './support';

interface Lot {
  id: string;
  available: number;
}

/** A client system calling the API with its key, as the API's documentation says: `Authorization: Bearer ck_…`. */
const withKey =
  (origin: string, key: string) =>
  (method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> =>
    fetch(new URL(path, origin), {
      method,
      headers: {
        Authorization: `Bearer ${key}`,
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

/** A day ahead of today, as the API writes days. */
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** The page's clipboard (a function run in the page: the site's CSP forbids evaluating strings). */
const clipboardText = (page: Page) =>
  page.evaluate(() =>
    (
      globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
    ).navigator.clipboard.readText(),
  );

/** axe's serious and critical findings on what is on screen (a dialog: the page behind it is inert). */
const blocking = async (page: Page) => named(await blockingViolations(page));

test.describe('API keys', () => {
  // Dialogs are audited once still: text caught fading in reads as low contrast.
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('a client admin makes a key, a client system orders with it, and is refused once it is revoked', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signedIn(page, 'admin');
    const origin = new URL(page.url()).origin;

    // The page, from the menu.
    await page.getByRole('navigation').getByRole('link', { name: 'Clés API' }).click();
    await expect(page).toHaveURL(/\/api-key\/list$/);
    await expect(page.getByRole('heading', { name: 'Clés API' })).toBeVisible();

    // A read-and-write key for every module.
    const name = uniqueCode('Boutique ');
    await page.getByRole('button', { name: 'Nouvelle clé' }).click();
    const form = page.getByRole('dialog', { name: 'Nouvelle clé API' });
    await form.getByRole('textbox', { name: 'Nom' }).fill(name);
    await form.getByText('Lecture et écriture', { exact: true }).click();
    await expect(form.getByRole('radio', { name: 'Lecture et écriture' })).toBeChecked();
    await form.getByRole('combobox', { name: 'Modules' }).click();
    await page.getByRole('option', { name: 'Tous les modules' }).click();
    await page.keyboard.press('Escape');
    expect(await blocking(page)).toEqual([]);
    await form.getByRole('button', { name: 'Créer la clé' }).click();

    // Shown once: copied from the dialog, with a call using it.
    const shown = page.getByRole('dialog', { name: 'Votre nouvelle clé API' });
    await expect(shown).toContainText('elle ne sera plus jamais affichée');
    const field = shown.getByRole('textbox', { name: 'Clé API' });
    await expect(field).toHaveValue(/^ck_[0-9A-Z]{26}_[\w-]{43}$/);
    await shown.getByRole('button', { name: 'Copier la clé' }).click();
    await expect(shown.getByRole('button', { name: 'Copiée' })).toBeVisible();
    const key = await clipboardText(page);
    expect(key).toBe(await field.inputValue());
    await expect(shown).toContainText(`curl -H "Authorization: Bearer ${key}" ${origin}/api/products`);
    expect(await blocking(page)).toEqual([]);
    await shown.getByRole('button', { name: 'J’ai copié la clé' }).click();
    await expect(shown).toBeHidden();
    const row = page.getByTestId('api-keys').getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Lecture et écriture');
    await expect(row).toContainText('Active');
    await expect(row).toContainText('Jamais');
    await expect(row).not.toContainText(key);
    // At phone width the table scrolls within itself, not the page.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => horizontalOverflow(page)).toBe(0);
    await page.setViewportSize({ width: 1400, height: 900 });

    // The client system: a stock line and a recipient read with the key, then an order placed with it.
    const call = withKey(origin, key);
    const stocks = await call(
      'GET',
      '/api/stocks?filter[available][gt]=0&filter[quality][notIn]=BLO,NC,NCO&filter[segment]=B2B,NULL&paginate=100',
    );
    expect(stocks.status).toBe(200);
    const lot = ((await stocks.json()) as { data: Lot[] }).data.find((l) => l.available >= 1);
    expect(lot, 'a B2B lot with stock available').toBeDefined();
    const recipients = await call('GET', '/api/contacts?filter[type]=recipient&paginate=1');
    expect(recipients.status).toBe(200);
    const [recipient] = ((await recipients.json()) as { data: { id: string }[] }).data;
    expect(recipient, 'a recipient of the company').toBeDefined();
    const reference = uniqueCode('API');
    const placed = await call('POST', '/api/orders', {
      segment: 'B2B',
      reference,
      recipient: {
        isCompany: true,
        company: 'Cave du Port',
        street: '1 quai',
        postcode: '33000',
        city: 'Bordeaux',
        country: 'FR',
      },
      customerId: recipient?.id,
      pickupManagedByProduct: 1,
      shippingLabelRequired: 0,
      deliveryDate: inDays(3),
      statusCode: '005',
      stocks: [{ stockId: lot?.id, ordered: 1 }],
    });
    expect(placed.status, await placed.clone().text()).toBe(201);

    // The order, in the admin's list.
    await page.goto(`/order?search_filter=${reference}`);
    await expect(gridRows(page)).toHaveCount(1);
    await expect(gridRows(page).first()).toContainText(reference);

    // The key used: its last use shown; then revoked, after a confirmation.
    await page.getByRole('navigation').getByRole('link', { name: 'Clés API' }).click();
    await expect(row).toContainText('depuis ');
    await row.getByRole('button', { name: `Révoquer ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Révoquer la clé' });
    await expect(confirm).toContainText('cesse de fonctionner immédiatement');
    await confirm.getByRole('button', { name: 'Révoquer la clé' }).click();
    await expect(row).toContainText('Révoquée');
    await expect(row.getByRole('button')).toHaveCount(0);

    // The system's next call is refused.
    expect((await call('GET', '/api/contacts?filter[type]=recipient&paginate=1')).status).toBe(401);
  });
});
