/**
 * Shipping order screens: a writer creates one through the three steps (detail; pickup with a sender and a time
 * slot; delivery with a recipient and a time slot), finds it in the list, changes its status in the modal and
 * reads it on the detail page; a reader sees no create button and no pencil; an unknown id leads to /404.
 */
import { expect, type Page, test } from '@playwright/test';
import { ACCOUNTS, choose, gridRows, horizontalOverflow, PASSWORD, signedIn, uniqueCode } from './support';

/** Types a time into a time picker field (hours, then minutes), as a keyboard user would. */
async function typeTime(page: Page, label: string, hhmm: string) {
  const [hh = '', mm = ''] = hhmm.split(':');
  await page.getByLabel(`${label} – heures`).click();
  await page.keyboard.type(hh);
  await page.getByLabel(`${label} – minutes`).click();
  await page.keyboard.type(mm);
  await page.keyboard.press('Tab');
}

/** Picks a time among the create flow's half-hour choices (08:00–16:00). */
async function pickTime(page: Page, label: string, hhmm: string) {
  await page.getByLabel(`${label} – heures`).click();
  await page.getByRole('button', { name: hhmm, exact: true }).click();
  await page.keyboard.press('Tab');
}

/** The list, searched for one reference, showing that shipping order alone. */
async function findShippingOrder(page: Page, reference: string) {
  await page.getByRole('textbox', { name: 'Rechercher' }).fill(reference);
  await expect(gridRows(page)).toHaveCount(1);
  const row = gridRows(page).first();
  await expect(row).toContainText(reference);
  return row;
}

test.describe('Shipping orders', () => {
  test('a writer creates a shipping order through the three steps and changes its status', async ({ page }) => {
    const reference = uniqueCode('TR');
    await signedIn(page, 'user');
    await page.getByRole('navigation').getByRole('link', { name: 'Transport', exact: true }).click();
    await expect(page).toHaveURL(/\/shipping-order\/list$/);
    await page.getByRole('button', { name: 'Nouvel ordre de transport' }).click();
    await expect(page).toHaveURL(/\/shipping-order\/create$/);

    // Step 1: nothing filled in → the shared rules' messages, and no next step.
    await page.getByRole('button', { name: 'Suivant' }).click();
    const detail = page.getByRole('form', { name: 'Détail' });
    await expect(detail.getByText('Ce champ est obligatoire.').first()).toBeVisible();
    await choose(page, detail.getByRole('combobox', { name: 'Entrepôt' }), 'BDX - Bordeaux – Bruges');
    await choose(page, detail.getByRole('combobox', { name: 'Segment' }), 'B2B');
    await detail.getByRole('textbox', { name: 'Référence' }).fill(reference);
    await detail.getByRole('textbox', { name: 'Nombre de palettes' }).fill('2');
    await detail.getByRole('textbox', { name: 'Nombre de bouteilles' }).fill('300');
    await page.getByRole('button', { name: 'Suivant' }).click();

    // Step 2: a sender fills the pickup address; a time slot out of bounds is refused.
    const pickup = page.getByRole('form', { name: 'Enlèvement' });
    await expect(pickup).toBeVisible();
    const sender = pickup.getByRole('combobox', { name: 'Expéditeur' });
    await sender.click();
    await page.getByRole('option').filter({ hasNotText: 'MULTI' }).first().click();
    await expect(pickup.getByRole('textbox', { name: 'Ville' })).not.toHaveValue('');
    await pickup.getByRole('button', { name: 'Ajouter un créneau' }).click();
    await pickTime(page, 'Début du créneau 1', '10:00');
    await pickTime(page, 'Fin du créneau 1', '09:00');
    await page.getByRole('button', { name: 'Suivant' }).click();
    await expect(pickup.getByText('La fin du créneau doit être après son début.')).toBeVisible();
    await pickTime(page, 'Fin du créneau 1', '12:30');
    await page.getByRole('button', { name: 'Suivant' }).click();

    // Step 3: a recipient and a delivery date, with a time slot.
    const delivery = page.getByRole('form', { name: 'Livraison' });
    await expect(delivery).toBeVisible();
    await delivery.getByRole('combobox', { name: 'Destinataire' }).click();
    await page.getByRole('option').first().click();
    await expect(delivery.getByRole('textbox', { name: 'Ville' })).not.toHaveValue('');
    const inThreeDays = new Date(Date.now() + 3 * 86_400_000);
    const day = (n: number) => String(n).padStart(2, '0');
    await delivery
      .getByRole('textbox', { name: 'Date de livraison' })
      .fill(`${day(inThreeDays.getDate())}/${day(inThreeDays.getMonth() + 1)}/${inThreeDays.getFullYear()}`);
    await delivery.getByRole('textbox', { name: 'Date de livraison' }).press('Enter');
    await delivery.getByRole('button', { name: 'Ajouter un créneau' }).click();
    await pickTime(page, 'Début du créneau 1', '14:00');
    await pickTime(page, 'Fin du créneau 1', '16:00');
    await page.getByRole('button', { name: 'Créer l’ordre de transport' }).click();

    // Back on the list: the new shipping order, created (001).
    await expect(page).toHaveURL(/\/shipping-order\/list$/);
    await expect(page.getByText('L’ordre de transport a été créé.')).toBeVisible();
    const row = await findShippingOrder(page, reference);
    await expect(row).toContainText('Créé');

    // The pencil opens the status modal: delivered, with its moments and tracking.
    await row.getByRole('button', { name: `Modifier le statut ${reference}` }).click();
    const modal = page.getByRole('dialog');
    await expect(modal.locator('[data-status="001"]')).toHaveCount(2);
    await choose(page, modal.getByRole('combobox', { name: 'Nouveau statut' }), '200 - Livré');
    await expect(modal.locator('[data-status="200"]')).toBeVisible();
    await modal.getByRole('textbox', { name: 'Numéro de suivi' }).fill('TRK-E2E');
    await typeTime(page, 'Heure de livraison', '17:45');
    await modal.getByRole('button', { name: 'Enregistrer' }).click();
    // A time without its date is refused.
    await expect(modal.getByText('La date et l’heure vont ensemble : renseignez les deux ou aucune.')).toBeVisible();
    const today = new Date();
    const dd = (n: number) => String(n).padStart(2, '0');
    const deliveredOn = modal.getByRole('textbox', { name: 'Date' }).nth(1);
    await deliveredOn.fill(`${dd(today.getDate())}/${dd(today.getMonth() + 1)}/${today.getFullYear()}`);
    await deliveredOn.press('Enter');
    await modal.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Statut mis à jour.')).toBeVisible();
    await expect(modal).toHaveCount(0);
    await expect(gridRows(page).first()).toContainText('Livré');

    // The magnifier opens the read-only detail.
    await gridRows(page)
      .first()
      .getByRole('link', { name: `Voir ${reference}` })
      .click();
    await expect(page).toHaveURL(/\/shipping-order\/detail\//);
    await expect(page.getByRole('heading', { name: `Détail de l’ordre de transport - ${reference}` })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Numéro de suivi' })).toHaveValue('TRK-E2E');
    await expect(page.getByRole('textbox', { name: 'Poids (kg)' })).toHaveValue('390');
    await expect(page.getByText('10:00–12:30')).toBeVisible();
  });

  test('the order in progress is kept in the session after step 1 and offered again by the create button', async ({
    page,
  }) => {
    const reference = uniqueCode('TRK');
    await signedIn(page, 'user', '/shipping-order/create');
    const detail = page.getByRole('form', { name: 'Détail' });
    await choose(page, detail.getByRole('combobox', { name: 'Entrepôt' }), 'BDX - Bordeaux – Bruges');
    await choose(page, detail.getByRole('combobox', { name: 'Segment' }), 'B2C');
    await detail.getByRole('textbox', { name: 'Référence' }).fill(reference);
    await detail.getByRole('textbox', { name: 'Nombre de palettes' }).fill('1');
    await detail.getByRole('textbox', { name: 'Nombre de bouteilles' }).fill('12');
    await page.getByRole('button', { name: 'Suivant' }).click();
    await expect(page.getByRole('form', { name: 'Enlèvement' })).toBeVisible();

    // Back on the list, the create button asks: continue opens the kept order on its next step.
    await page.goto('/shipping-order/list');
    await page.getByRole('button', { name: 'Nouvel ordre de transport' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ordre de transport en cours' });
    await expect(dialog).toContainText(reference);
    await dialog.getByRole('button', { name: 'Reprendre' }).click();
    await expect(page.getByRole('form', { name: 'Enlèvement' })).toBeVisible();
    await page.getByRole('button', { name: 'Détail', exact: true }).click();
    await expect(page.getByRole('form', { name: 'Détail' }).getByRole('textbox', { name: 'Référence' })).toHaveValue(
      reference,
    );

    // 'New' forgets it.
    await page.goto('/shipping-order/list');
    await page.getByRole('button', { name: 'Nouvel ordre de transport' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Nouveau' }).click();
    await expect(page.getByRole('form', { name: 'Détail' }).getByRole('textbox', { name: 'Référence' })).toHaveValue(
      '',
    );
    await page.goto('/shipping-order/list');
    await page.getByRole('button', { name: 'Nouvel ordre de transport' }).click();
    await expect(page).toHaveURL(/\/shipping-order\/create$/);
  });

  test('a reader sees the shipping orders without the create button or the pencil', async ({ page, request }) => {
    // Prepare: a shipping order of the reader's company, created by its admin.
    const token = (
      await (await request.post('/api/auth/token', { data: { email: ACCOUNTS.admin, password: PASSWORD } })).json()
    ).access_token;
    const me = await (await request.get('/api/auth/user', { headers: { authorization: `Bearer ${token}` } })).json();
    const reference = uniqueCode('TRR');
    const address = { name: 'Quai', street: '1 quai', postcode: '33000', city: 'Bordeaux' };
    const created = await request.post('/api/shipping-orders', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        warehouseId: me.warehouseIds[0],
        segment: 'B2B',
        reference,
        pickupAddress: address,
        deliveryAddress: address,
        palletCount: 1,
        unitCount: 6,
        deliveryDate: new Date(Date.now() + 86_400_000 * 2).toISOString().slice(0, 10),
      },
    });
    expect(created.status()).toBe(201);

    await signedIn(page, 'reader', '/shipping-order');
    const row = await findShippingOrder(page, reference);
    await expect(row.getByRole('link', { name: `Voir ${reference}` })).toBeVisible();
    await expect(row.getByRole('button', { name: `Modifier le statut ${reference}` })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Nouvel ordre de transport' })).toHaveCount(0);

    // An unknown shipping order leads to /404.
    await page.goto('/shipping-order/detail/UNKNOWN');
    await expect(page).toHaveURL(/\/404$/);
  });

  test.describe('on a phone, in English', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the list and the pickup step fit the screen; supplier_id opens step 2; times read am/pm', async ({
      page,
      request,
    }) => {
      const token = (
        await (await request.post('/api/auth/token', { data: { email: ACCOUNTS.user, password: PASSWORD } })).json()
      ).access_token;
      const suppliers = await (
        await request.get('/api/contacts?filter[type]=supplier&paginate=5', {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json();
      const supplier = suppliers.data.find((c: { code: string }) => c.code !== 'MULTI');

      await signedIn(page, 'user');
      await page.getByRole('button', { name: 'Menu du compte', exact: true }).click();
      await page.getByRole('menuitem', { name: 'English' }).click();
      await page.goto('/shipping-order/list');
      await expect(page.getByRole('heading', { name: 'Shipping orders' })).toBeVisible();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

      await page.goto(`/shipping-order/create?supplier_id=${supplier.id}`);
      const pickup = page.getByRole('form', { name: 'Pickup' });
      await expect(pickup.getByRole('textbox', { name: 'City' })).toHaveValue(supplier.address.city);
      await pickup.getByRole('button', { name: 'Add a time slot' }).click();
      await expect(page.getByLabel('Start of time slot 1 – AM or PM')).toBeVisible();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    });
  });
});
