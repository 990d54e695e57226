import { expect, test } from '@playwright/test';
import { ACCOUNTS, PASSWORD, signedIn, signIn } from './support';

test.describe('Guards and redirects', () => {
  test('an unknown path leads to /login when signed out and to /dashboard when signed in', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/login$/);

    await signedIn(page, 'admin');
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: /Bienvenue/ })).toBeVisible();
  });

  test('a signed-in visitor of /login goes to /dashboard', async ({ page }) => {
    await signedIn(page, 'user');
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a reader visiting /carrier/list gets /403', async ({ page }) => {
    await signedIn(page, 'reader');
    await page.goto('/carrier/list');
    await expect(page).toHaveURL(/\/403(\?|$)/);
    await expect(page.getByRole('heading', { name: 'Accès refusé' })).toBeVisible();
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Transporteurs', exact: true })).toHaveCount(0);
  });

  test('wrong credentials are refused with the translated message', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(ACCOUNTS.admin);
    await page.getByLabel('Mot de passe').fill(`${PASSWORD}-wrong`);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByText('Identifiants invalides.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('logout forgets the session', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/recipient/list');
    await expect(page).toHaveURL(/\/login$/);
  });
});
