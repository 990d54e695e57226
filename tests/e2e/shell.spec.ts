import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signedIn } from './support';

test.describe('The shell', () => {
  test('the superadmin publishes an update, counted in the badge, then deletes it', async ({ page }) => {
    const title = `Nouveauté ${Date.now().toString(36)}`;
    await signedIn(page, 'superadmin');
    const count = page.getByTestId('updates-count');
    const before = Number(await count.textContent());
    await page.getByRole('button', { name: /^Mises à jour/ }).click();
    const dialog = page.getByRole('dialog', { name: '10 dernières mises à jour' });
    const form = dialog.getByRole('form', { name: 'Nouvelle mise à jour' });
    await form.getByRole('textbox', { name: 'Titre' }).fill(title);
    await form.getByRole('button', { name: 'Publier' }).click();
    await expect(page.getByText('Tous les champs sont obligatoires.')).toBeVisible();

    await form.getByRole('textbox', { name: 'Description' }).fill('Les listes gardent leurs filtres.');
    await form.getByRole('button', { name: 'Publier' }).click();
    await expect(dialog.getByRole('article', { name: title })).toBeVisible();
    await expect(count).toHaveText(String(before + 1));

    await dialog.getByRole('button', { name: `Supprimer ${title}` }).click();
    await page
      .getByRole('dialog', { name: 'Supprimer la mise à jour' })
      .getByRole('button', { name: 'Supprimer' })
      .click();
    await expect(dialog.getByRole('article', { name: title })).toHaveCount(0);
    await expect(count).toHaveText(String(before));
    // Read: once the dialog is closed the badge clears, and stays clear after a reload.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(count).toHaveText('0');
    await page.reload();
    await expect(page.getByTestId('updates-count')).toHaveText('0');
  });

  test('the footer names the version and the environment, and leads to the privacy page', async ({ page }) => {
    await signedIn(page, 'reader');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('v1.7.23');
    await expect(footer.getByTestId('app-env')).toHaveText('local');
    await footer.getByRole('link', { name: 'Politique de confidentialité' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('img', { name: 'Page en cours de rédaction' })).toBeVisible();
    // A way back, to the application when signed in.
    await page.getByRole('link', { name: 'Retour à l’application' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the menu folds to a mini mode that is remembered', async ({ page }) => {
    await signedIn(page, 'admin');
    const nav = page.getByRole('navigation');
    await expect(nav.getByText('Destinataires', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Replier le menu' }).click();
    await expect(nav.getByText('Destinataires', { exact: true })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Déplier le menu' })).toBeVisible();
    await page.getByRole('button', { name: 'Déplier le menu' }).click();
    await expect(nav.getByText('Destinataires', { exact: true })).toBeVisible();
  });

  test('the statistics pivot by day or month, keeps its layout, and exports the logs', async ({ page }) => {
    await signedIn(page, 'superadmin');
    const logged = page.waitForResponse(
      (r) => r.url().endsWith('/api/activity-logs') && r.request().postDataJSON()?.pageName === 'recipient-list',
    );
    await page.goto('/recipient/list');
    await logged;
    await page.getByRole('navigation').getByRole('link', { name: 'Statistiques' }).click();
    const pivot = page.getByTestId('stats-pivot');
    // Looking at the statistics does not count as a page view.
    await expect(pivot.getByRole('row').filter({ hasText: 'Statistiques' })).toHaveCount(0);
    // The page is named by its title, the type by its name. Earlier tests' visits fill the pivot past the rows the
    // grid renders: it is narrowed to the page looked for.
    await pivot.locator('.ag-header-cell[col-id="pageName"] .ag-header-cell-filter-button').click();
    await page.locator('.ag-filter-menu input[type="text"]').first().fill('Destinataires');
    await page.keyboard.press('Escape');
    await expect(pivot.getByRole('row').filter({ hasText: 'Destinataires' }).first()).toBeVisible();

    await page.getByRole('checkbox', { name: 'Type' }).uncheck();
    await page.getByText('Par mois').click();
    await expect(pivot.getByRole('columnheader', { name: 'Type' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Type' })).not.toBeChecked();
    await expect(page.getByRole('radio', { name: 'Par mois' })).toBeChecked();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter' }).click();
    const csv = await readFile(await (await download).path(), 'utf8');
    expect(csv.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe('Type;Page;Date;Compagnie;Nom;Prénom;Email');
  });
});
