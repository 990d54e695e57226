/**
 * Receptions end to end: a writer builds one in three steps with a new lot, saves it as a draft, continues it
 * from the new-reception modal and sends it; the superadmin closes it with a received quantity; the stock and
 * movement lists show it; a reader sees no write control; a phone-width flow.
 */
import { expect, test } from '@playwright/test';
import { chooseWarehouse, demoProducts, enterQuantity, fillDetails } from './reception-steps';
import { api, choose, gridRows, signedIn, stepForm, uniqueCode } from './support';

test.describe('Receptions', () => {
  test.describe.configure({ mode: 'serial' });
  const reference = uniqueCode('REC');
  const batch = uniqueCode('LOT');

  test('a writer builds a reception with a new lot, saves a draft, continues it from the modal and sends it', async ({
    page,
  }) => {
    await signedIn(page, 'user');
    const { batched } = await demoProducts(page);
    await page.getByRole('navigation').getByRole('link', { name: 'Réceptions' }).click();
    await expect(page).toHaveURL(/\/reception\/list$/);
    await page.getByRole('button', { name: 'Nouvelle réception' }).click();
    await expect(page).toHaveURL(/\/reception\/create$/);

    // Step 1 asks for what it needs before going on.
    await stepForm(page, 'Entrepôt').getByRole('button', { name: 'Suivant' }).click();
    await expect(page.getByText('Le formulaire contient des erreurs.')).toBeVisible();
    await chooseWarehouse(page);

    // Step 2: the details wait for a cart line; a batch-managed product asks which stock line, here a new lot.
    await page.getByRole('button', { name: 'Suivant' }).click();
    await expect(page.getByText('Ajoutez au moins un article au panier.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Rechercher un article' }).fill('ab');
    await expect(page.getByText('Saisissez au moins 3 caractères.')).toBeVisible();
    await enterQuantity(page, batched, 12);
    const stockModal = page.getByRole('dialog', { name: `Choix du stock – ${batched.code}` });
    await stockModal.getByRole('button', { name: 'Ajouter au panier' }).click();
    await expect(page.getByText('Veuillez sélectionner une ligne de stock.')).toBeVisible();
    await stockModal.getByRole('button', { name: 'Nouveau lot' }).click();
    const lotModal = page.getByRole('dialog', { name: `Nouveau lot – ${batched.code}` });
    const lot = lotModal.getByRole('form', { name: `Nouveau lot – ${batched.code}` });
    await expect(lot.getByRole('textbox', { name: 'Qualité' })).toHaveValue('STD');
    await expect(lot.getByRole('textbox', { name: 'Qualité' })).toHaveAttribute('readonly', '');
    await expect(lot.getByRole('textbox', { name: 'DLC' })).toHaveCount(0);
    await lot.getByRole('textbox', { name: 'Lot' }).fill(batch);
    await lot.getByRole('button', { name: 'Ajouter au panier' }).click();
    await expect(lotModal).toBeHidden();
    const cart = page.getByTestId('cart');
    await expect(cart.getByRole('row').filter({ hasText: batch })).toContainText('12');
    await expect(page.getByRole('heading', { name: 'Panier : 1 ligne' })).toBeVisible();
    // The first cart line created the draft.
    await expect(page).toHaveURL(/\/reception\/create\?reception_id=/);

    // Step 3, saved as a draft.
    await page.getByRole('button', { name: 'Suivant' }).click();
    await fillDetails(page, reference);
    await page.getByRole('button', { name: 'Enregistrer en brouillon' }).click();
    await expect(page.getByText('La réception a été enregistrée en brouillon.')).toBeVisible();
    await expect(page).toHaveURL(/\/reception\/list$/);
    await page.getByRole('textbox', { name: 'Rechercher' }).fill(reference);
    await expect(gridRows(page)).toHaveCount(1);
    await expect(gridRows(page).first()).toContainText('Brouillon');
    await expect(
      gridRows(page)
        .first()
        .getByRole('link', { name: `Voir ${reference}` }),
    ).toHaveCount(0);

    // The new-reception button offers the session's draft, with its product count.
    await page.getByRole('button', { name: 'Nouvelle réception' }).click();
    const modal = page.getByRole('dialog', { name: 'Réception en cours' });
    await expect(modal).toContainText('1 article');
    await modal.getByRole('button', { name: 'Continuer le brouillon' }).click();
    await expect(page).toHaveURL(/\/reception\/create\?reception_id=/);
    // A supplier and a cart line: the form opens on the details.
    await expect(stepForm(page, 'Informations').getByRole('textbox', { name: 'Référence' })).toHaveValue(reference);
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await expect(page.getByText('La réception a été envoyée.')).toBeVisible();
    await expect(page).toHaveURL(/\/reception\/list$/);
    await page.getByRole('textbox', { name: 'Rechercher' }).fill(reference);
    await expect(gridRows(page).first()).toContainText('En attente de réception');
    await expect(gridRows(page).first()).toContainText('12');
  });

  test('the superadmin closes it with a received quantity; the stock and its movements show it', async ({ page }) => {
    await signedIn(page, 'superadmin', `/reception/list?search_filter=${reference}`);
    await expect(gridRows(page)).toHaveCount(1);
    await gridRows(page)
      .first()
      .getByRole('link', { name: `Changer le statut ${reference}` })
      .click();
    await expect(page).toHaveURL(/\/reception\/status\//);
    await expect(page.getByRole('textbox', { name: 'Référence' })).toHaveValue(reference);
    await page.getByRole('textbox', { name: new RegExp(`^Reçu .* ${batch}$`) }).fill('10');
    await choose(page, page.getByRole('combobox', { name: 'Statut' }), 'Clôturée');
    await page.getByRole('dialog', { name: 'Changer le statut' }).getByRole('button', { name: 'Confirmer' }).click();
    await expect(page.getByText('Le statut de la réception a été mis à jour.')).toBeVisible();
    await expect(page.getByTestId('reception-lines')).toContainText('10');

    // The detail page, read-only.
    await page.goto(`/reception/list?search_filter=${reference}`);
    await expect(gridRows(page).first()).toContainText('Clôturée');
    await gridRows(page)
      .first()
      .getByRole('link', { name: `Voir ${reference}` })
      .click();
    await expect(page).toHaveURL(/\/reception\/detail\//);
    const lines = page.getByTestId('reception-lines');
    await expect(lines.getByRole('row').filter({ hasText: batch })).toContainText('12');
    await expect(lines.getByRole('row').filter({ hasText: batch })).toContainText('10');

    // The lot now holds 10 bottles.
    await page.goto(`/stock/list?search_filter=${batch}`);
    await expect(gridRows(page)).toHaveCount(1);
    await expect(gridRows(page).first()).toContainText(batch);
    await expect(gridRows(page).first()).toContainText('10');

    // One input movement names the reception.
    const filter = encodeURIComponent(`filter[reception.reference]=${reference}`);
    await page.goto(`/stock/movement?grid_filters=${filter}`);
    await expect(gridRows(page)).toHaveCount(1);
    await expect(gridRows(page).first()).toContainText(reference);
    await expect(gridRows(page).first()).toContainText('10');
  });

  test('a reader sees the receptions without any write control', async ({ page }) => {
    await signedIn(page, 'reader');
    await page.getByRole('navigation').getByRole('link', { name: 'Réceptions' }).click();
    await expect(page).toHaveURL(/\/reception\/list$/);
    await page.getByRole('textbox', { name: 'Rechercher' }).fill(reference);
    await expect(gridRows(page)).toHaveCount(1);
    const row = gridRows(page).first();
    await expect(row.getByRole('link', { name: `Voir ${reference}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Nouvelle réception' })).toHaveCount(0);
    await expect(row.getByRole('link', { name: `Modifier ${reference}` })).toHaveCount(0);
    await expect(row.getByRole('button', { name: `Supprimer ${reference}` })).toHaveCount(0);
    await expect(row.getByRole('link', { name: `Changer le statut ${reference}` })).toHaveCount(0);
    await page.goto('/reception/create');
    await expect(page).toHaveURL(/\/403(\?|$)/);
  });

  test('a created reception keeps its reference; the add-supplier and create-product buttons come back to it', async ({
    page,
  }) => {
    await signedIn(page, 'user');
    const { plain } = await demoProducts(page);
    const suppliers = await api<{ data: { id: string }[] }>(
      page,
      '/api/contacts?filter[type]=supplier&filter[code]=MULTI',
    );
    const multi = suppliers.data[0]?.id ?? '';

    // A created (001) demo reception opens on its details, its reference locked and no draft button.
    await page.goto('/reception/list?search_filter=REC-CLI001-003');
    await gridRows(page).first().getByRole('link', { name: 'Modifier REC-CLI001-003' }).click();
    await expect(page).toHaveURL(/\/reception\/modify\//);
    const details = stepForm(page, 'Informations');
    await expect(details.getByRole('textbox', { name: 'Référence' })).toHaveAttribute('readonly', '');
    await expect(details.getByRole('button', { name: 'Enregistrer en brouillon' })).toHaveCount(0);
    const modifyPath = new URL(page.url()).pathname;
    await details.getByRole('button', { name: 'Ajouter un fournisseur' }).click();
    await expect(page).toHaveURL(/\/supplier\/create\?/);
    expect(new URL(page.url()).searchParams.get('origin')).toBe(modifyPath);
    expect(new URL(page.url()).searchParams.get('type')).toBe('supplier');
    // Back with the new supplier (?supplier_id=), as the supplier form returns.
    await page.goto(`${modifyPath}?supplier_id=${multi}`);
    await expect(details.getByRole('combobox', { name: 'Fournisseur' })).toHaveValue('MULTI - Multi-fournisseurs');
    await details.getByRole('button', { name: 'Envoyer' }).click();
    await expect(page.getByText('La réception a été envoyée.')).toBeVisible();

    // A demo draft: the create-product button leaves with the way back, which opens the products with the new one.
    await page.goto('/reception/list?search_filter=REC-CLI001-001');
    await gridRows(page).first().getByRole('link', { name: 'Modifier REC-CLI001-001' }).click();
    await expect(page).toHaveURL(/\/reception\/modify\//);
    const draftPath = new URL(page.url()).pathname;
    await stepForm(page, 'Informations').getByRole('button', { name: 'Précédent' }).click();
    await page.getByRole('button', { name: 'Créer un article' }).click();
    await expect(page).toHaveURL(/\/product\/create\?/);
    expect(new URL(page.url()).searchParams.get('origin')).toBe(draftPath);
    await page.goto(`${draftPath}?product_id=${plain.id}`);
    // (The product is searched in the draft's warehouse, which may not hold it.)
    await expect(page.getByRole('textbox', { name: 'Rechercher un article' })).toHaveValue(plain.code);
  });

  test('an unknown reception leads to /404', async ({ page }) => {
    await signedIn(page, 'user', '/reception/modify/01UNKNOWNRECEPTION000000000');
    await expect(page).toHaveURL(/\/404$/);
  });
});

test.describe('Receptions on a phone', () => {
  test('a writer sends a reception of a plain product at 390×844', async ({ page }) => {
    const reference = uniqueCode('TEL');
    // Signed in on a wide screen (the sign-in helper waits for the user's name, which a phone hides).
    await signedIn(page, 'user');
    const { plain } = await demoProducts(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/reception/list');
    await page.getByRole('button', { name: 'Nouvelle réception' }).click();
    await chooseWarehouse(page);
    await enterQuantity(page, plain, 3);
    await expect(page.getByTestId('cart').getByRole('row').filter({ hasText: plain.code })).toContainText('3');
    // Zero removes the product, a new quantity puts it back.
    await enterQuantity(page, plain, 0);
    await expect(page.getByTestId('cart')).toHaveCount(0);
    await enterQuantity(page, plain, 4);
    await expect(page.getByTestId('cart').getByRole('row').filter({ hasText: plain.code })).toContainText('4');
    await page.getByRole('button', { name: 'Suivant' }).click();
    await fillDetails(page, reference);
    const send = page.getByRole('button', { name: 'Envoyer' });
    await send.scrollIntoViewIfNeeded();
    await expect(send).toBeInViewport();
    await send.click();
    await expect(page.getByText('La réception a été envoyée.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Rechercher' }).fill(reference);
    await expect(gridRows(page)).toHaveCount(1);
    // Nothing is wider than the screen.
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
