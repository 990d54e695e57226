import { expect, test } from '@playwright/test';
import { ACCOUNTS, signedIn } from './support';

test.describe('Settings', () => {
  test('a notification switch saves at once; a plain user sees no company card', async ({ page }) => {
    await signedIn(page, 'user');
    await page.getByRole('navigation').getByRole('link', { name: 'Paramètres' }).click();
    await expect(page).toHaveURL(/\/params$/);
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(ACCOUNTS.user);
    await expect(page.getByRole('region', { name: 'Ma société' })).toHaveCount(0);

    const push = page.getByRole('switch', { name: 'Notifications push' });
    const before = await push.isChecked();
    await push.click({ force: true });
    // A change saved is told as an update (spec 1 §9: the 5-second kind).
    await expect(
      page
        .locator('.mantine-Notification-root[data-kind="update"]')
        .getByText('Votre changement a été pris en compte.'),
    ).toBeVisible();
    await page.reload();
    await expect(push).toBeChecked({ checked: !before });
    await push.click({ force: true });
    await expect(push).toBeChecked({ checked: before });
  });

  test('an admin sees its company, read-only', async ({ page }) => {
    await signedIn(page, 'admin', '/params');
    const card = page.getByRole('region', { name: 'Ma société' });
    await expect(card.getByRole('textbox', { name: 'Code', exact: true })).toHaveValue('CLI001');
    await expect(card.getByRole('textbox', { name: 'Code', exact: true })).toHaveAttribute('readonly', '');
    await expect(card.getByRole('textbox', { name: 'Ville' })).toHaveValue('Pauillac');
  });
});
