/**
 * Customer order screens over the demo orders (CMD-CLI001-001 draft, -002 transmitting, -003 entry, -008 and
 * -009 shipped with packings): the list from the menu, the detail page with its packing list and its PDF, the
 * status page (an admin may only cancel, the superadmin overrides), the resend-transmitting button for the
 * superadmin, and a reader without any write control.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { api, consoleErrors, gridRows, horizontalOverflow, signedIn, stepForm, uniqueCode } from './support';

const DRAFT = 'CMD-CLI001-001';
const ENTRY = 'CMD-CLI001-003';
const TRANSMITTING = 'CMD-CLI001-002';
const SHIPPED = 'CMD-CLI001-008';

/** The list, searched for one reference, showing that order alone. */
async function findOrder(page: Page, reference: string) {
  await page.getByRole('textbox', { name: 'Rechercher' }).fill(reference);
  await expect(gridRows(page)).toHaveCount(1);
  const row = gridRows(page).first();
  await expect(row).toContainText(reference);
  return row;
}

test.describe('Orders', () => {
  test('a writer sees the demo orders, opens a shipped one and downloads its PDF', async ({ page }) => {
    await signedIn(page, 'user');
    await page.getByRole('navigation').getByRole('link', { name: 'Commandes' }).click();
    await expect(page).toHaveURL(/\/order\/list$/);
    const grid = page.getByTestId('data-grid');
    for (const header of ['Référence', 'Destinataire', 'Date de livraison', 'Qté commandée', 'Pays', 'Statut']) {
      await expect(grid.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    await expect(gridRows(page).filter({ hasText: 'CMD-CLI001-' }).first()).toBeVisible();
    // Another company's orders are not the user's, and the owner columns are the superadmin's.
    await expect(gridRows(page).filter({ hasText: 'CMD-CLI002-' })).toHaveCount(0);
    await expect(grid.getByRole('columnheader', { name: 'Code compte' })).toHaveCount(0);
    // The resend-transmitting button is the superadmin's.
    await expect(page.getByRole('button', { name: 'Renvoyer les commandes en transmission' })).toHaveCount(0);

    // A draft has no detail page; its writer may delete it.
    const draft = await findOrder(page, DRAFT);
    await expect(draft).toContainText('Brouillon');
    await expect(draft.getByRole('link', { name: `Voir ${DRAFT}` })).toHaveCount(0);
    await expect(draft.getByRole('button', { name: `Supprimer ${DRAFT}` })).toBeVisible();

    // A shipped order: no delete for a user, a detail page with its packing list and its PDF.
    const shipped = await findOrder(page, SHIPPED);
    await expect(shipped).toContainText('Expédiée');
    await expect(shipped.getByRole('button', { name: `Supprimer ${SHIPPED}` })).toHaveCount(0);
    await shipped.getByRole('link', { name: `Voir ${SHIPPED}` }).click();
    await expect(page).toHaveURL(/\/order\/detail\//);
    await expect(page.getByRole('heading', { name: `Détail de la commande - ${SHIPPED}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Livraison' })).toContainText('Géré par le prestataire');
    await expect(page.getByTestId('order-lines').getByRole('row')).not.toHaveCount(0);
    await expect(page.getByTestId('order-packings')).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Télécharger le PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toContain(SHIPPED);
    const bytes = await readFile(await file.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  test('a writer duplicates a shipped order into a draft of its lines, named and saved from the wizard', async ({
    page,
  }) => {
    const reference = uniqueCode('DUP');
    await signedIn(page, 'user', `/order?search_filter=${SHIPPED}`);
    await expect(gridRows(page)).toHaveCount(1);
    const ordered = gridRows(page).first().locator('.ag-cell[col-id="orderedQuantity"]');
    await expect(ordered).toHaveText(/\d/);
    const quantity = (await ordered.textContent()) ?? '';
    await gridRows(page)
      .first()
      .getByRole('link', { name: `Voir ${SHIPPED}` })
      .click();
    await page.getByRole('button', { name: 'Dupliquer' }).click();
    await expect(page.getByText(`Brouillon créé d’après ${SHIPPED}`)).toBeVisible();
    await expect(page).toHaveURL(/\/order\/modify\//);
    // The wizard opens on the draft's details: a reference of its own to give; the lines are the order's.
    const details = stepForm(page, 'Informations');
    await expect(details.getByRole('textbox', { name: 'Référence de la commande' })).toHaveValue('');
    await details.getByRole('textbox', { name: 'Référence de la commande' }).fill(reference);
    await details.getByRole('button', { name: 'Enregistrer en brouillon' }).click();
    await expect(page.getByText('La commande a été enregistrée en brouillon.')).toBeVisible();
    const row = await findOrder(page, reference);
    await expect(row).toContainText('Brouillon');
    await expect(row.locator('.ag-cell[col-id="orderedQuantity"]')).toHaveText(quantity);
    // The draft goes, so that this user's next new order is offered none.
    await row.getByRole('button', { name: `Supprimer ${reference}` }).click();
    await page
      .getByRole('dialog', { name: 'Supprimer la commande' })
      .getByRole('button', { name: 'Supprimer' })
      .click();
    await expect(gridRows(page)).toHaveCount(0);
  });

  test('an admin may only cancel on the status page, and is asked first', async ({ page }) => {
    await signedIn(page, 'admin', `/order?search_filter=${ENTRY}`);
    await expect(gridRows(page)).toHaveCount(1);
    await gridRows(page)
      .first()
      .getByRole('link', { name: `Changer le statut ${ENTRY}` })
      .click();
    await expect(page).toHaveURL(/\/order\/status\//);
    await expect(page.getByRole('textbox', { name: 'Référence de la commande' })).toHaveValue(ENTRY);
    // The warehouse sets the other statuses: before it prepares, the admin may only cancel.
    await page.getByRole('combobox', { name: 'Statut' }).click();
    await expect(page.getByRole('option')).toHaveText(['010 - Saisie', '050 - Annulée']);
    await page.getByRole('option', { name: '050 - Annulée' }).click();
    const confirm = page.getByRole('dialog', { name: 'Annuler la commande' });
    await expect(confirm).toContainText('stock qu’elle réserve sera libéré');
    await confirm.getByRole('button', { name: 'Ne pas annuler' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Statut' })).toHaveValue('010 - Saisie');
  });

  test('the superadmin sets a status in the warehouse’s stead, once confirmed', async ({ page }) => {
    await signedIn(page, 'superadmin', `/order?search_filter=${ENTRY}`);
    await expect(gridRows(page)).toHaveCount(1);
    await gridRows(page)
      .first()
      .getByRole('link', { name: `Changer le statut ${ENTRY}` })
      .click();
    await expect(page).toHaveURL(/\/order\/status\//);
    await page.getByRole('combobox', { name: 'Statut' }).click();
    await page.getByRole('option', { name: '040 - En attente d’enlèvement' }).click();
    const confirm = page.getByRole('dialog', { name: 'Changer le statut' });
    await expect(confirm).toContainText('à la place de l’entrepôt');
    await confirm.getByRole('button', { name: 'Confirmer' }).click();
    await expect(page.getByText('Le statut de la commande a été mis à jour.')).toBeVisible();
    await page.goto(`/order/list?search_filter=${ENTRY}`);
    await expect(gridRows(page).first()).toContainText('En attente d’enlèvement');
  });

  test('the superadmin sees the owner columns and resends the transmitting orders', async ({ page }) => {
    await signedIn(page, 'superadmin', '/order/list');
    await expect(page.getByTestId('data-grid').getByRole('columnheader', { name: 'Code compte' })).toBeVisible();
    const resend = page.getByRole('button', { name: 'Renvoyer les commandes en transmission' });
    // Nothing ticked, nothing to send; only a transmitting order can be ticked.
    await expect(resend).toBeDisabled();
    const entry = await findOrder(page, ENTRY);
    await expect(entry.getByRole('checkbox')).toHaveCount(0);
    const transmitting = await findOrder(page, TRANSMITTING);
    await transmitting.getByRole('checkbox').check();
    await resend.click();
    await expect(page.getByText('Les commandes en cours de transmission ont été renvoyées.')).toBeVisible();
    await expect(resend).toBeDisabled();
  });

  test('a reader sees the orders without any write control', async ({ page }) => {
    await signedIn(page, 'reader');
    await page.getByRole('navigation').getByRole('link', { name: 'Commandes' }).click();
    await expect(page).toHaveURL(/\/order\/list$/);
    const row = await findOrder(page, DRAFT);
    await expect(row.getByRole('button', { name: `Supprimer ${DRAFT}` })).toHaveCount(0);
    await expect(row.getByRole('link', { name: `Modifier ${DRAFT}` })).toHaveCount(0);
    await expect(row.getByRole('link', { name: `Changer le statut ${DRAFT}` })).toHaveCount(0);
    const shipped = await findOrder(page, SHIPPED);
    await expect(shipped.getByRole('link', { name: `Voir ${SHIPPED}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Renvoyer les commandes en transmission' })).toHaveCount(0);
    // Its status page shows the status without letting it change.
    const id = (await shipped.getByRole('link', { name: `Voir ${SHIPPED}` }).getAttribute('href'))?.split('/').pop();
    await page.goto(`/order/status/${id}`);
    await expect(page.getByRole('textbox', { name: 'Statut' })).toHaveAttribute('readonly', '');
  });

  test('the packing list’s columns follow the user’s preference, from the keyboard, at 1440 and 390 px', async ({
    page,
  }) => {
    const errors = consoleErrors(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedIn(page, 'admin', `/order?search_filter=${SHIPPED}`);
    await gridRows(page)
      .first()
      .getByRole('link', { name: `Voir ${SHIPPED}` })
      .click();
    const packings = page.getByTestId('order-packings');
    const headers = packings.getByRole('columnheader');
    await expect(headers).toHaveText(['SSCC', 'Support', 'Poids', 'Quantité', 'Contenu']);
    try {
      // Weight and quantity hidden from the keyboard, saved: the user's preference (slug orderPacking).
      const columns = page.getByRole('button', { name: 'Colonnes' });
      await columns.focus();
      await page.keyboard.press('Enter');
      for (const name of ['Poids', 'Quantité']) {
        await page.getByRole('switch', { name }).focus();
        await page.keyboard.press('Space');
      }
      await expect(headers).toHaveText(['SSCC', 'Support', 'Contenu']);
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(page.getByRole('switch', { name: 'Contenu' })).toBeHidden();
      expect((await api<{ columns: string[] }>(page, '/api/preferences/orderPacking')).columns).toEqual([
        'sscc',
        'support',
        'details',
      ]);

      // Kept: the next visit shows the saved columns, on a phone too, the table within the screen's width.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await expect(headers).toHaveText(['SSCC', 'Support', 'Contenu']);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await page.getByRole('button', { name: 'Colonnes' }).click();
      await expect(page.getByRole('switch', { name: 'Poids' })).toBeInViewport();

      // Reset, once confirmed, brings every column back.
      await page.getByRole('button', { name: 'Réinitialiser' }).click();
      await page.getByRole('dialog', { name: 'Réinitialiser' }).getByRole('button', { name: 'Réinitialiser' }).click();
      await expect(headers).toHaveText(['SSCC', 'Support', 'Poids', 'Quantité', 'Contenu']);
      expect(errors).toEqual([]);
    } finally {
      // The demo account's layout goes back to the defaults whatever happened.
      const token = await page.evaluate("localStorage.getItem('cellar.token')");
      await page.request.delete('/api/preferences/orderPacking', { headers: { authorization: `Bearer ${token}` } });
    }
  });

  test('an unknown order leads to /404', async ({ page }) => {
    await signedIn(page, 'user', '/order/detail/01UNKNOWNORDER0000000000000');
    await expect(page).toHaveURL(/\/404$/);
  });
});
