import { expect, test } from '@playwright/test';
import { gridRows, signedIn, uniqueCode } from './support';

test.describe('Recipients', () => {
  test('an admin creates a recipient, finds it by the search box and edits it in the modal', async ({ page }) => {
    const code = uniqueCode('E2E');
    await signedIn(page, 'admin');
    await page.getByRole('navigation').getByRole('link', { name: 'Destinataires' }).click();
    await expect(page).toHaveURL(/\/recipient\/list$/);
    await page.getByRole('link', { name: 'Ajouter un destinataire' }).click();
    await expect(page).toHaveURL(/\/recipient\/create$/);

    const form = page.getByRole('form', { name: 'Destinataire' });
    await form.getByRole('combobox', { name: 'Entrepôt' }).click();
    await page.getByRole('option').first().click();
    await form.getByRole('combobox', { name: 'Segment' }).click();
    await page.getByRole('option', { name: 'B2B' }).click();
    await form.getByRole('textbox', { name: 'Code', exact: true }).pressSequentially(code.toLowerCase());
    await expect(form.getByRole('textbox', { name: 'Code', exact: true })).toHaveValue(code);
    await form.getByRole('textbox', { name: 'Raison sociale', exact: true }).fill('Cave des Essais');
    await form.getByRole('textbox', { name: 'SIRET', exact: true }).fill('12345678901234');
    await form.getByRole('textbox', { name: 'Adresse', exact: true }).fill('1 rue des Tests');
    await form.getByRole('textbox', { name: 'Code postal', exact: true }).fill('33000');
    await form.getByRole('textbox', { name: 'Ville', exact: true }).fill('Bordeaux');
    // Countries are named with an SVG flag, not an emoji (boxes or letters on some systems).
    await form
      .getByRole('textbox', { name: 'Pays' })
      .or(form.getByRole('combobox', { name: 'Pays' }))
      .first()
      .click();
    const belgium = page.getByRole('option', { name: 'Belgique' });
    await expect(belgium.locator('.fi.fi-be')).toHaveCount(1);
    await expect(belgium).not.toContainText('🇧🇪');
    await page.getByRole('option', { name: 'France', exact: true }).click();

    // An invalid SIRET: the translated message, the warning, and no call.
    await form.getByRole('button', { name: 'Créer' }).click();
    await expect(form.getByText('Le numéro SIRET est invalide.')).toBeVisible();
    await expect(page.getByText('Le formulaire contient des erreurs.')).toBeVisible();
    await expect(page).toHaveURL(/\/recipient\/create$/);

    await form.getByRole('textbox', { name: 'SIRET', exact: true }).fill('73282932000074');
    await form.getByRole('textbox', { name: 'SIRET', exact: true }).press('Enter');
    await expect(page).toHaveURL(/\/recipient\/list$/);
    await expect(page.getByText('Le destinataire a été créé.')).toBeVisible();

    await page.getByRole('textbox', { name: 'Rechercher' }).fill(code);
    await expect(gridRows(page)).toHaveCount(1);
    // The search says where it looked: the columns a found row shows the word in.
    await expect(
      page.getByText(`Recherche : « ${code} » dans Code, Contact, Adresse, Code postal, Ville`),
    ).toBeVisible();
    const row = gridRows(page).first();
    await expect(row).toContainText('Cave des Essais');
    await expect(row.getByRole('img', { name: 'France' })).toHaveClass(/fi-fr/);
    await expect(row).toContainText('Bordeaux');

    await row.getByRole('button', { name: `Modifier ${code}` }).click();
    const modal = page.getByRole('dialog', { name: 'Modifier le destinataire' });
    await expect(modal.getByRole('textbox', { name: 'Code', exact: true })).toHaveValue(code);
    await expect(modal.getByRole('textbox', { name: 'Code', exact: true })).toHaveAttribute('readonly', '');
    await modal.getByRole('textbox', { name: 'Ville', exact: true }).fill('Libourne');
    await modal.getByRole('textbox', { name: 'Code postal', exact: true }).fill('33500');
    await modal.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByText('Le destinataire a été modifié.')).toBeVisible();
    await expect(gridRows(page).first()).toContainText('Libourne');
  });

  test('a duplicate code is refused by the server, on the code field', async ({ page }) => {
    const code = uniqueCode('DUP');
    const createSupplier = async () => {
      await page.goto('/supplier/create');
      const form = page.getByRole('form', { name: 'Fournisseur' });
      await form.getByRole('combobox', { name: 'Entrepôt' }).click();
      await page.getByRole('option').first().click();
      await form.getByRole('textbox', { name: 'Code', exact: true }).fill(code);
      await form.getByRole('textbox', { name: 'Raison sociale', exact: true }).fill('Domaine en double');
      await form.getByRole('textbox', { name: 'Adresse', exact: true }).fill('1 rue des Tests');
      await form.getByRole('textbox', { name: 'Code postal', exact: true }).fill('33000');
      await form.getByRole('textbox', { name: 'Ville', exact: true }).fill('Bordeaux');
      await form.getByRole('button', { name: 'Créer' }).click();
      return form;
    };
    await signedIn(page, 'admin');
    await createSupplier();
    await expect(page).toHaveURL(/\/supplier\/list$/);

    const form = await createSupplier();
    await expect(form.getByRole('textbox', { name: 'Code', exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/supplier\/create$/);
  });

  test("the list's warehouse filter, the browser's own select, asks for that warehouse's recipients, then all again", async ({
    page,
  }) => {
    await signedIn(page, 'admin', '/recipient/list');
    await expect(gridRows(page)).toHaveCount(20);
    const filter = page.getByRole('combobox', { name: 'Entrepôt', exact: true });
    await expect(filter.locator('option').first()).toHaveText('Tous les entrepôts');
    // The warehouses arrive after the list: the select offers them once they are in.
    await expect(filter.locator('option')).not.toHaveCount(1);
    const value = await filter.locator('option').nth(1).getAttribute('value');
    const filtered = page.waitForRequest(
      (r) => new URL(r.url()).pathname === '/api/contacts' && r.url().includes(encodeURIComponent(`${value}`)),
    );
    await filter.selectOption({ index: 1 });
    await filtered;
    await expect(gridRows(page).first()).toBeVisible();
    const all = page.waitForRequest(
      (r) => new URL(r.url()).pathname === '/api/contacts' && !r.url().includes(encodeURIComponent(`${value}`)),
    );
    await filter.selectOption({ index: 0 });
    await all;
    await expect(gridRows(page)).toHaveCount(20);
  });

  test('a reader sees the list but no create button nor edit pencils', async ({ page }) => {
    await signedIn(page, 'reader', '/recipient/list');
    await expect(gridRows(page)).toHaveCount(20);
    await expect(page.getByRole('link', { name: 'Ajouter un destinataire' })).toHaveCount(0);
    await expect(page.getByTestId('data-grid').getByRole('button', { name: /^Modifier/ })).toHaveCount(0);
  });
});
