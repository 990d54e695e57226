import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { gridRows, openColumnFilter, signedIn } from './support';

test.describe('The shared grid', () => {
  test('the column menu saves the layout for the user, and reset brings the defaults back', async ({ page }) => {
    await signedIn(page, 'user', '/supplier/list');
    const grid = page.getByTestId('data-grid');
    await expect(grid.getByRole('columnheader', { name: 'Ville' })).toBeVisible();

    await page.getByRole('button', { name: 'Colonnes' }).click();
    await page.getByRole('switch', { name: 'Ville' }).click({ force: true });
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(grid.getByRole('columnheader', { name: 'Ville' })).toHaveCount(0);

    await page.reload();
    await expect(grid.getByRole('columnheader', { name: 'Code postal' })).toBeVisible();
    await expect(grid.getByRole('columnheader', { name: 'Ville' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Colonnes' }).click();
    await page.getByRole('button', { name: 'Réinitialiser' }).click();
    await page.getByRole('dialog', { name: 'Réinitialiser' }).getByRole('button', { name: 'Réinitialiser' }).click();
    await expect(grid.getByRole('columnheader', { name: 'Ville' })).toBeVisible();
  });

  test('the export downloads the current filters and visible columns as CSV', async ({ page }) => {
    await signedIn(page, 'admin', '/recipient/list?search_filter=CLT0001');
    await expect(page.getByRole('textbox', { name: 'Rechercher' })).toHaveValue('CLT0001');
    await expect(gridRows(page)).toHaveCount(1);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter' }).click();
    await page.getByRole('menuitem', { name: 'Fichier CSV (.csv)' }).click();
    await page.getByRole('dialog', { name: 'Export CSV' }).getByRole('button', { name: 'Exporter' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const csv = await readFile(await file.path(), 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('CLT0001');
  });

  test('the page-size menu changes how many rows a page holds', async ({ page }) => {
    await signedIn(page, 'admin', '/recipient/list');
    await expect(gridRows(page)).toHaveCount(20);
    await page.getByRole('combobox', { name: 'Lignes par page' }).selectOption({ label: '100 par page' });
    await expect(page.getByTestId('grid-pager-rows')).toHaveText(/1–100 sur \d+/);
  });

  test('an expired session sends the user back to sign in, with the notice', async ({ page }) => {
    // The dashboard's page view is sent with the good token before it goes bad.
    const dashboardViewed = page.waitForResponse(
      (r) => r.url().endsWith('/api/activity-logs') && r.request().postDataJSON()?.pageName === 'dashboard',
    );
    await signedIn(page, 'admin');
    await dashboardViewed;
    // A string runs in the page: the tests' TypeScript knows no DOM.
    await page.evaluate("localStorage.setItem('cellar.token', 'expired-or-forged')");
    await page.getByRole('navigation').getByRole('link', { name: 'Destinataires' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Votre session est expirée.')).toBeVisible();
  });
});

test.describe("The shared grid's states", () => {
  test('a page that fails is said in place with a retry, which loads it', async ({ page }) => {
    await signedIn(page, 'admin');
    let failures = 1;
    await page.route('**/api/contacts?*', (route) =>
      failures-- > 0
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Erreur du serveur."}' })
        : route.continue(),
    );
    await page.goto('/recipient/list');
    const error = page.getByRole('alert').filter({ hasText: 'Les lignes n’ont pas pu être chargées.' });
    await expect(error).toContainText('Erreur du serveur.');
    // In place, not as a toast.
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
    await error.getByRole('button', { name: 'Réessayer' }).click();
    await expect(gridRows(page)).toHaveCount(20);
    await expect(error).toHaveCount(0);
    await expect(page.getByTestId('grid-pager-rows')).toHaveText(/^1–20 sur \d+$/);
    await expect(page.getByTestId('grid-pager-pages')).toHaveText(/^Page 1 sur \d+$/);
  });

  test('the active filters show as chips, each removable, and clear all empties them', async ({ page }) => {
    await signedIn(page, 'admin', '/recipient/list');
    await expect(gridRows(page)).toHaveCount(20);
    const chips = page.getByRole('group', { name: 'Filtres actifs' });
    await expect(chips).toHaveCount(0);

    const popup = await openColumnFilter(page, 'address.city');
    await popup.getByRole('textbox').first().fill('Bordeaux');
    await page.keyboard.press('Escape');
    await expect(chips).toContainText('Ville : contient « Bordeaux »');
    await page.getByRole('textbox', { name: 'Rechercher' }).fill('Cave');
    await expect(chips).toContainText('Recherche : « Cave »');
    await expect(gridRows(page).first()).toContainText('Bordeaux');

    await chips.getByRole('button', { name: 'Retirer le filtre Ville : contient « Bordeaux »' }).click();
    await expect(chips).not.toContainText('Ville : contient');
    await expect(chips).toContainText('Recherche : « Cave »');

    await chips.getByRole('button', { name: 'Tout effacer' }).click();
    await expect(chips).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Rechercher' })).toHaveValue('');
    await expect(gridRows(page)).toHaveCount(20);
  });
});
