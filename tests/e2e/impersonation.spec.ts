import { expect, test } from '@playwright/test';
import { ACCOUNTS, gridRows, signedIn } from './support';

test.describe('Acting as another account', () => {
  test('the superadmin acts as a user from the users list, then returns to the main account', async ({ page }) => {
    await signedIn(page, 'superadmin');
    const superadminName = await page.getByTestId('user-name').textContent();
    await page.getByRole('navigation').getByRole('link', { name: 'Comptes utilisateurs' }).click();
    await expect(page).toHaveURL(/\/user\/list$/);
    await page.getByRole('textbox', { name: 'Rechercher' }).fill(ACCOUNTS.user);
    await expect(gridRows(page)).toHaveCount(1);
    // No (de)activation nor deletion on one's own row.
    await page.getByRole('textbox', { name: 'Rechercher' }).fill(ACCOUNTS.superadmin);
    await expect(gridRows(page)).toHaveCount(1);
    await expect(gridRows(page).first().getByRole('button')).toHaveCount(0);

    await page.getByRole('textbox', { name: 'Rechercher' }).fill(ACCOUNTS.user);
    await expect(gridRows(page)).toHaveCount(1);
    // From here on, pages are seen as the user: none of them is logged as a page view.
    const pageViews: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/activity-logs')) pageViews.push(r.url());
    });
    const actAs = gridRows(page)
      .first()
      .getByRole('button', { name: `Se connecter en tant que ${ACCOUNTS.user}` });
    // Asked first: cancelling changes nothing.
    await actAs.click();
    const dialog = page.getByRole('dialog', { name: 'Agir au nom d’un autre utilisateur' });
    await expect(dialog).toContainText(ACCOUNTS.user);
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await expect(page).toHaveURL(/\/user\/list$/);
    await actAs.click();
    await dialog.getByRole('button', { name: 'Agir en son nom' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('user-name')).toContainText('(user)');
    // Said on every page while it lasts.
    await expect(page.getByRole('status').filter({ hasText: `Vous agissez au nom de` })).toContainText(ACCOUNTS.user);
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Comptes clients' })).toHaveCount(0);
    await page.getByRole('navigation').getByRole('link', { name: 'Paramètres' }).click();
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(ACCOUNTS.user);
    expect(pageViews).toEqual([]);
    await page.getByRole('button', { name: 'Revenir au compte principal' }).click();
    await expect(page.getByTestId('user-name')).toHaveText(superadminName ?? '');
    await expect(page.getByRole('button', { name: 'Revenir au compte principal' })).toHaveCount(0);
    await expect(page.locator('[data-impersonating]')).toHaveCount(0);
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Comptes clients' })).toBeVisible();
  });

  test('the superadmin acts as a client account’s admin from the company list', async ({ page }) => {
    await signedIn(page, 'superadmin', '/company/list');
    await gridRows(page)
      .filter({ hasText: 'CLI002' })
      .getByRole('button', { name: /^Se connecter en tant que l'administrateur de CLI002/ })
      .click();
    await page
      .getByRole('dialog', { name: 'Agir au nom d’un autre utilisateur' })
      .getByRole('button', { name: 'Agir en son nom' })
      .click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('CLI002 — Coopérative des Coteaux')).toBeVisible();
    await page.getByRole('button', { name: 'Revenir au compte principal' }).click();
    await expect(page.getByRole('button', { name: 'Revenir au compte principal' })).toHaveCount(0);
  });

  test('a group account switches to its child account and back', async ({ page }) => {
    await signedIn(page, 'admin');
    await expect(page.getByText('CLI001 — Vignobles Duval & Fils')).toBeVisible();
    await page.getByRole('button', { name: 'Changer de compte' }).click();
    await page.getByRole('menuitem', { name: `Coopérative des Coteaux — ${ACCOUNTS.otherAdmin}` }).click();

    await expect(page.getByText('CLI002 — Coopérative des Coteaux')).toBeVisible();
    await page.getByRole('button', { name: 'Revenir au compte principal' }).click();
    await expect(page.getByText('CLI001 — Vignobles Duval & Fils')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Changer de compte' })).toBeVisible();
  });
});
