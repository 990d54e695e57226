import { expect, test } from '@playwright/test';
import { signedIn } from './support';

test('switching to English translates the page and the grid, and the choice is remembered', async ({ page }) => {
  await signedIn(page, 'admin', '/recipient/list');
  const grid = page.getByTestId('data-grid');
  await expect(page.getByRole('heading', { name: 'Destinataires' })).toBeVisible();
  await expect(grid.getByRole('columnheader', { name: 'Code postal' })).toBeVisible();
  const paging = page.getByTestId('grid-pager-rows');
  await expect(paging).toHaveText(/1–20 sur \d+/);

  await page.getByText('EN', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Recipients' })).toBeVisible();
  await expect(page).toHaveTitle('Recipients - Cellar');
  await expect(grid.getByRole('columnheader', { name: 'Postal code' })).toBeVisible();
  await expect(paging).toHaveText(/1–20 of \d+/);

  await page.getByRole('textbox', { name: 'Search' }).fill('no contact is called like this');
  // The overlay's words (AG Grid also announces them to screen readers, in the grid).
  await expect(grid.locator('.ag-overlay').getByText('No existing data.', { exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Recipients' })).toBeVisible();
  await page.getByText('FR', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Rechercher' }).fill('no contact is called like this');
  await expect(grid.locator('.ag-overlay').getByText('Aucune donnée existante.', { exact: true })).toBeVisible();
});

test('the language chosen in the header is saved to the account', async ({ page }) => {
  await signedIn(page, 'user');
  const token = await page.evaluate("localStorage.getItem('cellar.token')");
  const accountLocale = async () => {
    const me = await page.request.get('/api/auth/user', { headers: { authorization: `Bearer ${token}` } });
    return (await me.json()).locale as string;
  };
  await page.getByText('EN', { exact: true }).click();
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  await expect.poll(accountLocale).toBe('en-FR');
  await page.getByText('FR', { exact: true }).click();
  await expect(page.getByRole('heading', { name: /^Bienvenue/ })).toBeVisible();
  await expect.poll(accountLocale).toBe('fr-FR');
});

test('the users list names roles in the reader’s language', async ({ page }) => {
  await signedIn(page, 'admin', '/client-user/list');
  const grid = page.getByTestId('data-grid');
  await expect(grid.getByRole('columnheader', { name: 'Rôle' })).toBeVisible();
  await expect(grid.getByRole('gridcell', { name: 'Lecteur', exact: true }).first()).toBeVisible();
  await expect(grid.getByRole('gridcell', { name: 'Utilisateur', exact: true }).first()).toBeVisible();
  await expect(grid.getByRole('gridcell', { name: 'reader', exact: true })).toHaveCount(0);

  await page.getByText('EN', { exact: true }).click();
  await expect(grid.getByRole('columnheader', { name: 'Role' })).toBeVisible();
  await expect(grid.getByRole('gridcell', { name: 'Reader', exact: true }).first()).toBeVisible();
  await expect(grid.getByRole('gridcell', { name: 'User', exact: true }).first()).toBeVisible();
  await page.getByText('FR', { exact: true }).click();
});

test('the statistics name pages by their titles and the page views by their type’s name', async ({ page }) => {
  await signedIn(page, 'admin');
  // Two page views of the company: the dashboard (after signing in) and the recipients.
  await page.goto('/recipient/list');
  await expect(page.getByRole('heading', { name: 'Destinataires' })).toBeVisible();
  await page.goto('/stats');
  const pivot = page.getByTestId('stats-pivot');
  await expect(pivot.getByRole('gridcell', { name: 'Destinataires', exact: true }).first()).toBeVisible();
  await expect(pivot.getByRole('gridcell', { name: 'Consultation de page', exact: true }).first()).toBeVisible();
  await expect(pivot.getByRole('gridcell', { name: 'recipient-list', exact: true })).toHaveCount(0);
  await expect(pivot.getByRole('gridcell', { name: 'pageView', exact: true })).toHaveCount(0);

  await page.getByText('EN', { exact: true }).click();
  await expect(pivot.getByRole('gridcell', { name: 'Recipients', exact: true }).first()).toBeVisible();
  await expect(pivot.getByRole('gridcell', { name: 'Page view', exact: true }).first()).toBeVisible();
  await page.getByText('FR', { exact: true }).click();
});

test('the forgotten password’s answer is French on the French page', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
  await page.getByRole('form', { name: 'Mot de passe oublié' }).getByLabel('E-mail').fill('nobody@nowhere.test');
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByText('L’e-mail de réinitialisation a été envoyé.')).toBeVisible();
  await expect(page.getByText('Reset email sent.')).toHaveCount(0);
});

test('product families and stock movement reasons are named in the reader’s language', async ({ page }) => {
  await signedIn(page, 'admin');
  const grid = page.getByTestId('data-grid');
  const cell = (name: RegExp) => grid.getByRole('gridcell', { name });
  const FAMILIES_FR = /^(Vins tranquilles|Vins effervescents|Vins mutés|Spiritueux)$/;
  const FAMILIES_EN = /^(Still wines|Sparkling wines|Fortified wines|Spirits)$/;
  const REASONS_FR =
    /^(Réception fournisseur|Retour client|Régularisation d’inventaire|Expédition commande client|Casse)$/;
  const REASONS_EN = /^(Supplier delivery|Customer return|Inventory adjustment|Customer order shipment|Breakage)$/;

  await page.goto('/product/list');
  await expect(cell(FAMILIES_FR).first()).toBeVisible();
  await page.getByText('EN', { exact: true }).click();
  await expect(cell(FAMILIES_EN).first()).toBeVisible();
  await expect(cell(FAMILIES_FR)).toHaveCount(0);

  await page.goto('/stock/movement');
  await expect(cell(REASONS_EN).first()).toBeVisible();
  await expect(cell(REASONS_FR)).toHaveCount(0);
  await page.getByText('FR', { exact: true }).click();
  await expect(cell(REASONS_FR).first()).toBeVisible();
  await expect(cell(REASONS_EN)).toHaveCount(0);
});
