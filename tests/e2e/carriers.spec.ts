import { expect, test } from '@playwright/test';
import { gridRows, signedIn, uniqueCode } from './support';

test('a superadmin creates a carrier with services, whose code and name go together', async ({ page }) => {
  const code = uniqueCode('TR');
  await signedIn(page, 'superadmin');
  await page.getByRole('navigation').getByRole('link', { name: 'Transporteurs', exact: true }).click();
  await expect(page.getByRole('columnheader', { name: 'Code compte' })).toBeVisible();
  await page.getByRole('link', { name: 'Ajouter un transporteur' }).click();

  const form = page.getByRole('form', { name: 'Transporteur' });
  await expect(form.getByRole('combobox', { name: 'Compte client' })).toHaveCount(0);
  await expect(form.getByRole('combobox', { name: 'Entrepôt' })).toHaveCount(0);
  await form.getByRole('textbox', { name: 'Code', exact: true }).fill(code);
  await form.getByRole('textbox', { name: 'Raison sociale', exact: true }).fill('Transports des Essais');
  await form.getByRole('textbox', { name: 'Adresse', exact: true }).fill('2 quai des Chartrons');
  await form.getByRole('textbox', { name: 'Code postal', exact: true }).fill('33000');
  await form.getByRole('textbox', { name: 'Ville', exact: true }).fill('Bordeaux');
  await form.getByRole('button', { name: 'Ajouter un service' }).click();
  await form.getByRole('textbox', { name: 'Code du service' }).fill('EXP');

  await form.getByRole('button', { name: 'Créer' }).click();
  await expect(form.getByText('Ce champ est obligatoire.')).toBeVisible();
  await expect(page).toHaveURL(/\/carrier\/create$/);

  await form.getByRole('textbox', { name: 'Nom du service' }).fill('Express 24 h');
  await form.getByRole('button', { name: 'Créer' }).click();
  await expect(page).toHaveURL(/\/carrier\/list$/);

  await page.getByRole('textbox', { name: 'Rechercher' }).fill(code);
  await expect(gridRows(page)).toHaveCount(1);
  await gridRows(page)
    .first()
    .getByRole('button', { name: `Modifier ${code}` })
    .click();
  const modal = page.getByRole('dialog', { name: 'Modifier le transporteur' });
  await expect(modal.getByRole('textbox', { name: 'Nom du service' })).toHaveValue('Express 24 h');
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
});
