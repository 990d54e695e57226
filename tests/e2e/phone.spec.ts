/**
 * The shell, a list and a form on a phone (390×844): every control reachable, nothing wider than the screen;
 * and on a desktop the header keeps its actions in view.
 */
import { expect, type Page, test } from '@playwright/test';
import { ACCOUNTS, gridRows, horizontalOverflow, signedIn, signIn, uniqueCode } from './support';

const PHONE = { width: 390, height: 844 };

const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu', exact: true });
const userMenu = (page: Page, name = 'Menu du compte') => page.getByRole('button', { name, exact: true });

test.describe('On a phone', () => {
  test.use({ viewport: PHONE });

  test('an admin opens the menu, navigates, switches language and logs out from the account menu', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);
    // The header's own actions are folded: nothing covers the menu button.
    await expect(page.getByRole('button', { name: 'Se déconnecter' })).toHaveCount(0);
    await menuButton(page).click();
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    await nav.getByRole('link', { name: 'Destinataires' }).click();
    await expect(page).toHaveURL(/\/recipient\/list$/);
    await expect(nav.getByRole('link', { name: 'Destinataires' })).not.toBeInViewport();
    await expect(page.getByRole('heading', { name: 'Destinataires' })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await userMenu(page).click();
    await expect(page.getByRole('menu')).toContainText('Léa Chevalier');
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'Recipients' })).toBeVisible();

    // By keyboard: the menu opens from its button, its items are reached and chosen without a pointer.
    await userMenu(page, 'Account menu').focus();
    await page.keyboard.press('Enter');
    const french = page.getByRole('menuitem', { name: 'Français' });
    await expect(french).toBeVisible();
    await french.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Destinataires' })).toBeVisible();

    await userMenu(page).click();
    const logout = page.getByRole('menuitem', { name: 'Se déconnecter' });
    await expect(logout).toBeInViewport();
    await logout.click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a list pages, searches and fits the screen', async ({ page }) => {
    await signedIn(page, 'admin', '/recipient/list');
    await expect(gridRows(page)).toHaveCount(20);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    const pager = page.getByTestId('grid-pager');
    await pager.scrollIntoViewIfNeeded();
    await expect(pager).toBeInViewport();
    await page.getByRole('textbox', { name: 'Rechercher' }).fill('CLT0001');
    await expect(gridRows(page)).toHaveCount(1);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });

  test('a form warns, then creates, and fits the screen', async ({ page }) => {
    const code = uniqueCode('TEL');
    await signedIn(page, 'admin', '/supplier/create');
    const form = page.getByRole('form', { name: 'Fournisseur' });
    await form.getByRole('button', { name: 'Créer' }).click();
    await expect(page.getByText('Le formulaire contient des erreurs.')).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await form.getByRole('combobox', { name: 'Entrepôt' }).click();
    await page.getByRole('option').first().click();
    await form.getByRole('textbox', { name: 'Code', exact: true }).fill(code);
    await form.getByRole('textbox', { name: 'Raison sociale', exact: true }).fill('Domaine du Téléphone');
    await form.getByRole('textbox', { name: 'Adresse', exact: true }).fill('1 rue des Tests');
    await form.getByRole('textbox', { name: 'Code postal', exact: true }).fill('33000');
    await form.getByRole('textbox', { name: 'Ville', exact: true }).fill('Bordeaux');
    const create = form.getByRole('button', { name: 'Créer' });
    await create.scrollIntoViewIfNeeded();
    await expect(create).toBeInViewport();
    await create.click();
    await expect(page).toHaveURL(/\/supplier\/list$/);
    await page.getByRole('textbox', { name: 'Rechercher' }).fill(code);
    await expect(gridRows(page)).toHaveCount(1);
  });
});

test.describe('On a desktop', () => {
  test('the header keeps every action in view, without the account menu', async ({ page }) => {
    await signedIn(page, 'admin');
    await expect(page.getByTestId('user-name')).toHaveText('Léa Chevalier (admin)');
    await expect(userMenu(page)).toHaveCount(0);
    for (const name of ['Langue', 'Plein écran', 'Se déconnecter']) {
      await expect(
        page.getByRole('banner').getByRole(name === 'Langue' ? 'radiogroup' : 'button', { name }),
      ).toBeInViewport();
    }
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
