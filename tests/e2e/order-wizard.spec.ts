/**
 * The order wizard end to end over the demo stock: a writer orders B2B a product held in several lots (the
 * allocation modal fills them first expired, first out), saves a draft, continues it from the new-order modal,
 * sends it, sees the simulated warehouse acknowledge it and downloads its PDF; a B2C order with a carrier and a
 * service; a reader without any write control; step 2 at phone width.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import {
  chooseRecipient,
  chooseSegment,
  enterQuantity,
  fillDate,
  findOrder,
  newOrder,
  sellableLots,
  singleLotProduct,
} from './order-steps';
import { api, choose, gridRows, horizontalOverflow, signedIn, stepForm, uniqueCode } from './support';

/** A product with batched lots of distinct use-by dates in one warehouse (each run empties the earliest one). */
async function multiLotProduct(page: Page) {
  for (const [code, lots] of await sellableLots(page, 'B2B')) {
    for (const warehouse of new Set(lots.map((l) => l.warehouse.code))) {
      const here = lots.filter((l) => l.warehouse.code === warehouse && l.batch && l.ubd);
      const dates = new Set(here.map((l) => l.ubd));
      if (here.length < 2 || dates.size !== here.length) continue;
      const [first, second] = [...here].sort((a, b) => String(a.ubd).localeCompare(String(b.ubd)));
      if (first && second && second.available >= 2) return { code, warehouse, first, second };
    }
  }
  throw new Error('The demo lacks a product with several dated lots in one warehouse');
}

/** A product whose lots lie in several warehouses. */
async function spreadProduct(page: Page) {
  for (const [code, lots] of await sellableLots(page, 'B2B')) {
    const warehouses = [...new Set(lots.map((l) => l.warehouse.code))];
    if (warehouses.length > 1) return { code, warehouses, total: lots.reduce((n, l) => n + l.available, 0) };
  }
  throw new Error('The demo lacks a product stored in several warehouses');
}

test.describe('Order wizard', () => {
  test('a writer orders B2B from several lots, saves a draft, continues and sends it, then downloads its PDF', async ({
    page,
  }) => {
    const reference = uniqueCode('CMD');
    await signedIn(page, 'user');
    const { code, warehouse, first, second } = await multiLotProduct(page);
    const quantity = first.available + 2;
    await page.getByRole('navigation').getByRole('link', { name: 'Commandes' }).click();
    await newOrder(page);

    // Step 1 asks for the segment before going on.
    await stepForm(page, 'Compte et segment').getByRole('button', { name: 'Suivant' }).click();
    await expect(page.getByText('Le formulaire contient des erreurs.')).toBeVisible();
    await chooseSegment(page, 'B2B');

    // Step 2: the warehouse filter offers the user's warehouses; the lots come first expired, first out.
    await page.getByRole('combobox', { name: 'Entrepôts' }).click();
    await page.getByRole('option', { name: new RegExp(`^${warehouse} - `) }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Valider le panier' })).toHaveCount(0);
    const creation = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/orders');
    await enterQuantity(page, code, quantity);
    const allocation = page.getByRole('dialog', { name: `Imputation – ${code} (${quantity})` });
    const firstField = allocation.getByRole('textbox', { name: `Quantité ${first.batch}` });
    const secondField = allocation.getByRole('textbox', { name: `Quantité ${second.batch}` });
    await expect(firstField).toHaveValue(String(first.available));
    await expect(secondField).toHaveValue('2');
    await expect(allocation.getByText(`Reste à imputer : 0 / ${quantity}`)).toBeVisible();
    // Less than the quantity is refused; add-all completes it.
    await allocation.getByRole('button', { name: `Retirer ${second.batch}` }).click();
    await expect(allocation.getByText(`Reste à imputer : 2 / ${quantity}`)).toBeVisible();
    await allocation.getByRole('button', { name: 'Valider' }).click();
    await expect(page.getByText("Attention : les produits n'ont pas tous été imputés.")).toBeVisible();
    await allocation.getByRole('button', { name: `Tout ajouter ${second.batch}` }).click();
    await expect(secondField).toHaveValue('2');
    await allocation.getByRole('button', { name: 'Valider' }).click();
    await expect(allocation).toBeHidden();
    const cart = page.getByTestId('cart');
    await expect(page.getByRole('heading', { name: 'Panier : 2 lignes' })).toBeVisible();
    await expect(cart.getByRole('row').filter({ hasText: String(first.batch) })).toContainText(String(first.available));
    await expect(cart.getByRole('row').filter({ hasText: String(second.batch) })).toContainText('2');
    // The first cart line created the draft, with a key that makes a repeated request answer the same order.
    await expect(page).toHaveURL(/\/order\/create\?order_id=/);
    const request = await creation;
    expect(request.postDataJSON()).toMatchObject({ statusCode: '000', segment: 'B2B' });
    expect(request.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);

    // Step 3, saved as a draft.
    await page.getByRole('button', { name: 'Valider le panier' }).click();
    const details = stepForm(page, 'Informations');
    await details.getByRole('textbox', { name: 'Référence de la commande' }).fill(reference);
    await expect(details.getByRole('button', { name: 'Valider la commande' })).toHaveCount(0);
    await chooseRecipient(page);
    await expect(details.getByRole('radio', { name: 'Géré par le prestataire' })).toBeChecked();
    await fillDate(page, 'Date de livraison');
    await details.getByRole('button', { name: 'Enregistrer en brouillon' }).click();
    await expect(page.getByText('La commande a été enregistrée en brouillon.')).toBeVisible();
    await expect(page).toHaveURL(/\/order\/list$/);
    await expect(await findOrder(page, reference)).toContainText('Brouillon');

    // The new-order button offers the draft with its product count; continuing opens it on the details.
    await page.getByRole('button', { name: 'Nouvelle commande' }).click();
    const modal = page.getByRole('dialog', { name: 'Commande en cours' });
    await expect(modal).toContainText(`(${reference}) avec 1 article`);
    await modal.getByRole('button', { name: 'Continuer le brouillon' }).click();
    await expect(page).toHaveURL(/\/order\/create\?order_id=/);
    await expect(details.getByRole('textbox', { name: 'Référence de la commande' })).toHaveValue(reference);
    // A double click sends one order.
    await details.getByRole('button', { name: 'Valider la commande' }).dblclick();
    await expect(page.getByText('La commande a été envoyée.')).toBeVisible();
    await expect(page).toHaveURL(/\/order\/list$/);

    // The simulated warehouse acknowledges it: the list shows it without a reload.
    const row = await findOrder(page, reference);
    await expect(row).toContainText('Saisie', { timeout: 30_000 });

    // An order in entry is modifiable: its wizard opens on the details, without the draft button, with the PDF.
    await row.getByRole('link', { name: `Modifier ${reference}` }).click();
    await expect(page).toHaveURL(/\/order\/modify\//);
    await expect(details.getByRole('textbox', { name: 'Référence de la commande' })).toHaveAttribute('readonly', '');
    await expect(details.getByRole('button', { name: 'Enregistrer en brouillon' })).toHaveCount(0);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Télécharger le PDF' }).click();
    const file = await download;
    const bytes = await readFile(await file.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain(reference);

    // Validating it again saves the change and leaves it with the warehouse's status. The first send's notice has
    // closed first (after 4 s), so that the one awaited below is the second send's (a fast machine came here sooner).
    await expect(page.getByText('La commande a été envoyée.')).toHaveCount(0);
    await details.getByRole('textbox', { name: 'Numéro de regroupement' }).fill('GRP-1');
    await details.getByRole('button', { name: 'Valider la commande' }).click();
    await expect(page.getByText('La commande a été envoyée.')).toBeVisible();
    await expect(await findOrder(page, reference)).toContainText('Saisie');
  });

  test('a line the stock can no longer serve is refused with its message on the cart line', async ({ page }) => {
    const reference = uniqueCode('SHORT');
    await signedIn(page, 'user');
    const { code, lot } = await singleLotProduct(page, 'B2B');
    await page.goto('/order/list');
    await newOrder(page);
    await chooseSegment(page, 'B2B');
    await enterQuantity(page, code, lot.available);
    await expect(page).toHaveURL(/\/order\/create\?order_id=/);
    await page.getByRole('button', { name: 'Valider le panier' }).click();
    const details = stepForm(page, 'Informations');
    await details.getByRole('textbox', { name: 'Référence de la commande' }).fill(reference);
    await chooseRecipient(page);
    await fillDate(page, 'Date de livraison');

    // Meanwhile another order takes the whole lot.
    const { data } = await api<{ data: { id: string; address: object }[] }>(
      page,
      '/api/contacts?filter[type]=recipient&filter[segment]=B2B&paginate=1',
    );
    const [recipient] = data;
    if (!recipient) throw new Error('No B2B recipient in the demo');
    const token = await page.evaluate("localStorage.getItem('cellar.token')");
    const other = await page.request.post('/api/orders', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        segment: 'B2B',
        reference: uniqueCode('TAKE'),
        recipient: recipient.address,
        customerId: recipient.id,
        deliveryDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
        statusCode: '005',
        stocks: [{ stockId: lot.id, ordered: lot.available }],
      },
    });
    expect(other.status()).toBe(201);

    await details.getByRole('button', { name: 'Valider la commande' }).click();
    // The cart comes back with the server's words on the line; the order stays a draft.
    const line = page.getByTestId('cart').getByRole('row').filter({ hasText: code });
    await expect(line.getByRole('alert')).toContainText(`Stock insuffisant pour ${code}`);
    await expect(line.getByRole('alert')).toContainText('0 disponible(s)');
    await expect(page.getByText('La commande a été envoyée.')).toHaveCount(0);

    // Kept as a draft (a draft holds no stock), then deleted from the list.
    await page.getByRole('button', { name: 'Valider le panier' }).click();
    await details.getByRole('button', { name: 'Enregistrer en brouillon' }).click();
    await expect(page.getByText('La commande a été enregistrée en brouillon.')).toBeVisible();
    const row = await findOrder(page, reference);
    await row.getByRole('button', { name: `Supprimer ${reference}` }).click();
    await page
      .getByRole('dialog', { name: 'Supprimer la commande' })
      .getByRole('button', { name: 'Supprimer' })
      .click();
    await expect(page.getByText(`Commande ${reference} supprimée.`)).toBeVisible();
    await expect(gridRows(page)).toHaveCount(0);
  });

  test('the superadmin picks the account, and sees its code in the product grid', async ({ page }) => {
    await signedIn(page, 'superadmin', '/order/create');
    const step = stepForm(page, 'Compte et segment');
    await step.getByRole('combobox', { name: 'Compte client' }).fill('CLI001');
    await page.getByRole('option', { name: 'CLI001 - Vignobles Duval & Fils' }).click();
    await chooseSegment(page, 'B2B');
    const products = page.getByRole('table', { name: 'Articles' });
    await expect(products.getByRole('columnheader', { name: 'Code compte' })).toBeVisible();
    await expect(products.getByRole('row').nth(1)).toContainText('CLI001');
  });

  test('?recipient_id= opens the details with the recipient’s address copied', async ({ page }) => {
    await signedIn(page, 'user');
    const { data } = await api<{ data: { id: string; address: { street: string } }[] }>(
      page,
      '/api/contacts?filter[type]=recipient&filter[segment]=B2B&paginate=1',
    );
    const [recipient] = data;
    if (!recipient) throw new Error('No B2B recipient in the demo');
    await page.goto(`/order/create?recipient_id=${recipient.id}`);
    const details = stepForm(page, 'Informations');
    await expect(details.getByRole('button', { name: 'Changer de destinataire' })).toBeVisible();
    await expect(details.getByRole('textbox', { name: 'Adresse', exact: true })).toHaveValue(recipient.address.street);
  });

  test('an order whose lots lie in several warehouses asks where it leaves from', async ({ page }) => {
    const reference = uniqueCode('DEST');
    await signedIn(page, 'user');
    const { code, warehouses, total } = await spreadProduct(page);
    await page.goto('/order/list');
    await newOrder(page);
    await chooseSegment(page, 'B2B');
    await enterQuantity(page, code, total);
    const allocation = page.getByRole('dialog', { name: `Imputation – ${code} (${total})` });
    await expect(allocation.getByText(`Reste à imputer : 0 / ${total}`)).toBeVisible();
    await allocation.getByRole('button', { name: 'Valider' }).click();
    await expect(allocation).toBeHidden();
    await page.getByRole('button', { name: 'Valider le panier' }).click();
    const details = stepForm(page, 'Informations');
    await details.getByRole('textbox', { name: 'Référence de la commande' }).fill(reference);
    await chooseRecipient(page);
    await fillDate(page, 'Date de livraison');
    await details.getByRole('button', { name: 'Valider la commande' }).click();

    const modal = page.getByRole('dialog', { name: 'Entrepôt de départ' });
    await expect(modal).toContainText('peuvent être facturés');
    await modal.getByRole('combobox', { name: 'Entrepôt de départ' }).click();
    await page.getByRole('option', { name: new RegExp(`^${warehouses[1]} - `) }).click();
    await modal.getByRole('button', { name: 'Valider la commande' }).click();
    await expect(page.getByText('La commande a été envoyée.')).toBeVisible();
    const row = await findOrder(page, reference);
    await row.getByRole('link', { name: `Voir ${reference}` }).click();
    await expect(page.getByRole('region', { name: 'Détails de la commande' })).toContainText(`${warehouses[1]} - `);
  });

  test('an unknown order leads to /404', async ({ page }) => {
    await signedIn(page, 'user', '/order/modify/01UNKNOWNORDER0000000000000');
    await expect(page).toHaveURL(/\/404$/);
  });

  test('a writer orders B2C with a carrier and its service', async ({ page }) => {
    const reference = uniqueCode('B2C');
    await signedIn(page, 'user');
    const { code } = await singleLotProduct(page, 'B2C');
    await page.goto('/order/list');
    await newOrder(page);
    await chooseSegment(page, 'B2C');
    await enterQuantity(page, code, 2);
    await expect(page.getByTestId('cart').getByRole('row').filter({ hasText: code })).toContainText('2');
    await page.getByRole('button', { name: 'Valider le panier' }).click();

    const details = stepForm(page, 'Informations');
    await details.getByRole('textbox', { name: 'Référence de la commande' }).fill(reference);
    await chooseRecipient(page);
    // The service list follows the carrier; changing the carrier clears the service.
    await expect(details.getByRole('combobox', { name: 'Service' })).toHaveCount(0);
    await choose(page, details.getByRole('combobox', { name: 'Transporteur' }), 'COLISSIMO - Colissimo');
    await choose(page, details.getByRole('combobox', { name: 'Service' }), 'DOM - Domicile');
    await choose(page, details.getByRole('combobox', { name: 'Transporteur' }), 'DPD - DPD France');
    await expect(details.getByRole('combobox', { name: 'Service' })).toHaveValue('');
    await details.getByRole('button', { name: 'Valider la commande' }).click();
    await expect(page.getByText('Le formulaire contient des erreurs.')).toBeVisible();
    await choose(page, details.getByRole('combobox', { name: 'Service' }), 'PREDICT - Predict');
    await fillDate(page, 'Date de livraison');
    await details.getByRole('button', { name: 'Valider la commande' }).click();
    await expect(page.getByText('La commande a été envoyée.')).toBeVisible();

    const row = await findOrder(page, reference);
    await row.getByRole('link', { name: `Voir ${reference}` }).click();
    const delivery = page.getByRole('region', { name: 'Livraison' });
    await expect(delivery).toContainText('DPD France');
    await expect(delivery).toContainText('PREDICT - Predict');
  });

  test('choosing a recipient from the keyboard keeps the focus beside it, not at the top of the page', async ({
    page,
  }) => {
    await signedIn(page, 'user');
    const { code } = await singleLotProduct(page, 'B2B');
    await page.goto('/order/list');
    await newOrder(page);
    await chooseSegment(page, 'B2B');
    await enterQuantity(page, code, 1);
    await expect(page.getByTestId('cart').getByRole('row').filter({ hasText: code })).toContainText('1');
    await page.getByRole('button', { name: 'Valider le panier' }).click();

    const search = page.getByRole('combobox', { name: 'Destinataire' });
    await search.focus();
    // The first arrow opens the list; once its options are in, the next one moves onto an option.
    await search.press('ArrowDown');
    await expect(page.getByRole('option').first()).toBeVisible();
    await search.press('ArrowDown');
    await expect(search).toHaveAttribute('aria-activedescendant', /.+/);
    await search.press('Enter');
    // The search gives way to the chosen recipient's summary, which takes the focus; Tab goes on to change it.
    const summary = page
      .getByRole('region', { name: 'Adresse du destinataire' })
      .getByText('Adresse copiée du destinataire choisi');
    await expect(summary).toBeVisible();
    await expect(summary).toBeFocused();
    await page.keyboard.press('Tab');
    const change = page.getByRole('button', { name: 'Changer de destinataire' });
    await expect(change).toBeFocused();
    // Changing it brings the search back, focused.
    await page.keyboard.press('Enter');
    await expect(search).toBeFocused();
  });

  test('a reader sees no new-order button and no modify icon, and cannot open the wizard', async ({ page }) => {
    await signedIn(page, 'reader', '/order/list');
    await expect(gridRows(page).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Nouvelle commande' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Modifier / })).toHaveCount(0);
    await page.goto('/order/create');
    await expect(page).toHaveURL(/\/403(\?|$)/);
  });
});

test.describe('Order wizard on a phone', () => {
  test('steps 2 and 3 are usable at 390×844', async ({ page }) => {
    await signedIn(page, 'user');
    const { code } = await singleLotProduct(page, 'B2B');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/order/list');
    await newOrder(page);
    await chooseSegment(page, 'B2B');
    await enterQuantity(page, code, 3);
    await expect(page.getByTestId('cart').getByRole('row').filter({ hasText: code })).toContainText('3');
    // Zero removes the product.
    await enterQuantity(page, code, 0);
    await expect(page.getByTestId('cart')).toHaveCount(0);
    await enterQuantity(page, code, 4);
    const next = page.getByRole('button', { name: 'Valider le panier' });
    await next.scrollIntoViewIfNeeded();
    await expect(next).toBeInViewport();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await next.click();
    await expect(
      stepForm(page, 'Informations').getByRole('textbox', { name: 'Référence de la commande' }),
    ).toBeVisible();
    // The details fit the screen too, the recipient's address included.
    await chooseRecipient(page);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });
});
