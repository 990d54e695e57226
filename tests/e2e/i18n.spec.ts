import { expect, test } from '@playwright/test';
import { ACCOUNTS, signIn } from './support';

test('switching to English translates the page and the grid, and the choice is remembered', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/recipient/list');
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
  await signIn(page, ACCOUNTS.user);
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
