import { expect, test } from '@playwright/test';
import { gridRows, signedIn, uniqueCode } from './support';

test.describe('Client accounts', () => {
  test('a carrier service ticked in the matrix stays ticked after a reload', async ({ page }) => {
    await signedIn(page, 'superadmin');
    await page.getByRole('navigation').getByRole('link', { name: 'Transporteurs clients' }).click();
    await expect(page).toHaveURL(/\/company\/carriers$/);
    const matrix = page.getByTestId('carrier-matrix');
    // CLI001 ships with Colissimo and DPD; CLI002 has no B2C segment, so no row.
    await expect(matrix.getByRole('checkbox', { name: 'CLI001 Colissimo Domicile' })).toBeChecked();
    await expect(matrix.getByText('CLI002')).toHaveCount(0);

    const chrono = matrix.getByRole('checkbox', { name: 'CLI001 Chronopost Chrono 13' });
    const before = await chrono.isChecked();
    await chrono.click();
    await expect(page.getByText('Les données ont été mises à jour.').first()).toBeVisible();
    await expect(chrono).toBeChecked({ checked: !before });

    await page.reload();
    await expect(chrono).toBeChecked({ checked: !before });
    // Back as it was, for the next run on the same data.
    await chrono.click();
    await expect(chrono).toBeChecked({ checked: before });
  });

  test('a superadmin creates a client account, found in the list', async ({ page }) => {
    const code = uniqueCode('CLI');
    await signedIn(page, 'superadmin', '/company/list');
    await page.getByRole('link', { name: 'Ajouter un compte client' }).click();
    const form = page.getByRole('form', { name: 'Compte client' });
    await form.getByRole('textbox', { name: 'Code', exact: true }).fill(code.toLowerCase());
    await form.getByRole('textbox', { name: 'Nom', exact: true }).fill('Maison des Essais');
    await form.getByRole('button', { name: 'Créer' }).click();
    await expect(page.getByText('Le formulaire contient des erreurs.')).toBeVisible();

    await form.getByRole('combobox', { name: 'Entrepôts' }).click();
    await page.getByRole('option', { name: /^BDX/ }).click();
    await page.keyboard.press('Escape');
    await form.getByRole('checkbox', { name: 'B2C' }).check();
    await form.getByRole('combobox', { name: 'Transporteurs' }).click();
    await page.getByRole('option', { name: /^GEODIS/ }).click();
    await page.keyboard.press('Escape');
    await form.getByRole('textbox', { name: 'Adresse', exact: true }).fill('3 rue des Essais');
    await form.getByRole('textbox', { name: 'Code postal', exact: true }).fill('33000');
    await form.getByRole('textbox', { name: 'Ville', exact: true }).fill('Bordeaux');
    await form.getByRole('button', { name: 'Créer' }).click();
    await expect(page).toHaveURL(/\/company\/list$/);
    await expect(page.getByText('Le compte client a été créé.')).toBeVisible();

    await page.getByRole('textbox', { name: 'Rechercher' }).fill(code);
    await expect(gridRows(page)).toHaveCount(1);
    await expect(gridRows(page).first()).toContainText('3 rue des Essais, 33000 Bordeaux');

    // The carrier chosen in the form is granted to the new account.
    const token = await page.evaluate("localStorage.getItem('cellar.token')");
    const headers = { authorization: `Bearer ${token}` };
    const found = await page.request.get(`/api/companies?filter[code]=${code}&include=permissions`, { headers });
    const carriers = await page.request.get('/api/contacts?filter[type]=carrier&filter[code]=GEODIS', { headers });
    const [company] = (await found.json()).data;
    expect(company.permissions.contacts).toEqual([(await carriers.json()).data[0].id]);
  });
});
