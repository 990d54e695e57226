/**
 * Notifications: the newest is seen at once (the lockout after five refusals), the same words show once, they
 * cover neither the header nor a modal's close button, a form's warning or error goes once the form succeeds, and
 * a write's outcome is worded by the texts its call carries (spec 1 §7, §8).
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { gridRows, signedIn, uniqueCode } from './support';

const notices = (page: Page) => page.locator('.mantine-Notification-root');

async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) throw new Error('not on screen');
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

test.describe('Notifications', () => {
  test('after five wrong passwords the lockout is shown at once, above a single refusal', async ({ page }) => {
    // An address of its own: the lock lasts minutes and must not reach the other tests' accounts.
    const email = `${uniqueCode('lock').toLowerCase()}@cli001.test`;
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Mot de passe').fill('not-the-password');
    const submit = page.getByRole('button', { name: 'Se connecter' });
    for (let i = 0; i < 5; i++) {
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/token'));
      await submit.click();
      expect((await answered).status()).toBe(401);
    }
    // Five refusals, one notice.
    await expect(notices(page).filter({ hasText: 'Identifiants invalides.' })).toHaveCount(1);

    await submit.click();
    const lockout = notices(page).filter({ hasText: /Trop de tentatives de connexion\. Réessayez dans 2 minutes\./ });
    // Seen at once, not after the refusals' ten seconds.
    await expect(lockout).toBeVisible({ timeout: 3_000 });
    await expect(notices(page).first()).toContainText('Trop de tentatives');
    await submit.click();
    await expect(lockout).toHaveCount(1);
  });

  test('a notice covers neither the header nor the close button of the open modal', async ({ page }) => {
    await signedIn(page, 'admin', '/recipient/list?search_filter=CLT0001');
    await expect(gridRows(page)).toHaveCount(1);
    await gridRows(page).first().getByRole('button', { name: 'Modifier CLT0001' }).click();
    const modal = page.getByRole('dialog', { name: 'Modifier le destinataire' });
    await modal.getByRole('textbox', { name: 'Ville', exact: true }).fill('');
    const warning = notices(page).filter({ hasText: 'Le formulaire contient des erreurs.' });
    const close = modal.locator('.mantine-Modal-close');
    for (const viewport of [
      { width: 1400, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await modal.getByRole('button', { name: 'Enregistrer' }).click();
      // The same words once: a second click's warning replaces the first, which fades out for a quarter second.
      await expect(warning).toHaveCount(1);
      await expect(warning).toBeVisible();
      // Above the modal (not under its overlay), clear of its close button and of the header.
      expect(await overlaps(warning, close)).toBe(false);
      expect(await overlaps(warning, page.locator('.mantine-AppShell-header'))).toBe(false);
      await warning.click({ trial: true });
    }
    await close.click();
    await expect(modal).toBeHidden();
  });

  test('a write’s call words its success once, and its failure by its own error message when the server gives none', async ({
    page,
  }) => {
    await signedIn(page, 'admin', '/recipient/list?search_filter=CLT0001');
    await expect(gridRows(page)).toHaveCount(1);
    const modal = page.getByRole('dialog', { name: 'Modifier le destinataire' });
    const open = async () => {
      await gridRows(page).first().getByRole('button', { name: 'Modifier CLT0001' }).click();
      await expect(modal.getByRole('textbox', { name: 'Ville', exact: true })).not.toHaveValue('');
    };

    // A failure without words of the server's own (a gateway's bare 502): the call's error message.
    await open();
    await page.route('**/api/contacts/*', (route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 502, body: '' }) : route.continue(),
    );
    await modal.getByRole('button', { name: 'Enregistrer' }).click();
    const failed = notices(page).and(page.locator('[data-kind="error"]'));
    await expect(failed).toHaveText(["La modification n'a pas pu être enregistrée."]);
    await expect(modal).toBeVisible();
    await page.unroute('**/api/contacts/*');

    // Sent again, it succeeds: its success is shown once, as an update (5 s), and the failure goes.
    await modal.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(modal).toBeHidden();
    const done = notices(page).filter({ hasText: 'Le destinataire a été modifié.' });
    await expect(done).toHaveCount(1);
    await expect(done).toHaveAttribute('data-kind', 'update');
    await expect(failed).toHaveCount(0);
  });

  test("a form's warning, then its server error, go once the form succeeds", async ({ page }) => {
    const code = uniqueCode('NTF');
    await signedIn(page, 'admin', '/supplier/create');
    const form = page.getByRole('form', { name: 'Fournisseur' });
    await form.getByRole('button', { name: 'Créer' }).click();
    const warning = notices(page).filter({ hasText: 'Le formulaire contient des erreurs.' });
    await expect(warning).toBeVisible();

    await form.getByRole('combobox', { name: 'Entrepôt' }).click();
    await page.getByRole('option').first().click();
    // A code already used: the server refuses it, on the code field and in a notice.
    await form.getByRole('textbox', { name: 'Code', exact: true }).fill('FOU0001');
    await form.getByRole('textbox', { name: 'Raison sociale', exact: true }).fill('Domaine des Notices');
    await form.getByRole('textbox', { name: 'Adresse', exact: true }).fill('1 rue des Tests');
    await form.getByRole('textbox', { name: 'Code postal', exact: true }).fill('33000');
    await form.getByRole('textbox', { name: 'Ville', exact: true }).fill('Bordeaux');
    await form.getByRole('button', { name: 'Créer' }).click();
    // Valid for the form: its warning goes at once, well before its four seconds.
    await expect(warning).toHaveCount(0, { timeout: 1_500 });
    await expect(form.getByRole('textbox', { name: 'Code', exact: true })).toHaveAttribute('aria-invalid', 'true');
    const errors = notices(page).and(page.locator('[data-kind="error"]'));
    await expect(errors).toHaveCount(1);

    await form.getByRole('textbox', { name: 'Code', exact: true }).fill(code);
    await form.getByRole('button', { name: 'Créer' }).click();
    await expect(page).toHaveURL(/\/supplier\/list$/);
    // The refusal is out of date: gone well before its ten seconds.
    await expect(errors).toHaveCount(0, { timeout: 2_000 });
  });
});
