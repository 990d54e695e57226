import { expect, type Page, test } from '@playwright/test';
import { ACCOUNTS, mailboxLink, signedIn } from './support';

/** Signs in with any password, in French. */
async function signInWith(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** An account of CLI001 created by its admin, its first password set from the welcome e-mail; signed out. */
async function newAccount(page: Page, password: string): Promise<string> {
  const email = `premier.${Date.now().toString(36)}@cli001.test`;
  await signedIn(page, 'admin', '/client-user/create');
  const form = page.getByRole('form', { name: 'Utilisateur' });
  await form.getByRole('textbox', { name: 'Nom', exact: true }).fill('Premier');
  await form.getByRole('textbox', { name: 'Prénom' }).fill('Paul');
  await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await form.getByRole('textbox', { name: "Confirmation de l'e-mail" }).fill(email);
  await form.getByRole('combobox', { name: 'Entrepôts' }).click();
  await page.getByRole('option', { name: /^BDX/ }).click();
  await page.keyboard.press('Escape');
  await form.getByRole('button', { name: 'Créer' }).click();
  await expect(page).toHaveURL(/\/client-user\/list$/);

  const link = await mailboxLink(page, email);
  expect(link).toMatch(/^\/new-user\?/);
  // A password link clears whatever session the browser holds.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Création de votre compte' })).toBeVisible();
  expect(await page.evaluate("localStorage.getItem('cellar.token')")).toBeNull();
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirmation du mot de passe' }).fill(password);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page).toHaveURL(/\/login$/);
  return email;
}

test.describe('Password links', () => {
  test('a forgotten password is reset through the e-mailed link, then used to sign in', async ({ page }) => {
    // CLI002's admin: the other browser tests never sign in with its password.
    const email = ACCOUNTS.otherAdmin;
    const password = `Vendanges-${Date.now()}`;
    await page.goto('/login');
    await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
    await page.getByRole('form', { name: 'Mot de passe oublié' }).getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await expect(page.getByText('L’e-mail de réinitialisation a été envoyé.')).toBeVisible();

    const link = await mailboxLink(page, email);
    expect(link).toMatch(/^\/reset-password\?/);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Réinitialisation du mot de passe' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Réinitialiser le mot de passe' });
    await expect(form.getByLabel('E-mail')).toHaveValue(email);
    await expect(form.getByLabel('E-mail')).toHaveAttribute('readonly', '');

    // The rule is said, then applied before any call; the confirmation must match.
    await expect(form.getByText(/au moins 10 caractères/).first()).toBeVisible();
    await form.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill('court');
    await form.getByRole('textbox', { name: 'Confirmation du mot de passe' }).fill('autre');
    await form.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click();
    await expect(form.getByText('Les mots de passe doivent être identiques.')).toBeVisible();
    await expect(page).toHaveURL(/\/reset-password\?/);

    await form.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(password);
    await form.getByRole('textbox', { name: 'Confirmation du mot de passe' }).fill(password);
    await form.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Votre mot de passe a été enregistré. Vous pouvez vous connecter.')).toBeVisible();

    await signInWith(page, email, password);
    await expect(page.getByText('CLI002 — Coopérative des Coteaux')).toBeVisible();

    // The link is single-use.
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.goto(link);
    await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(`${password}x`);
    await page.getByRole('textbox', { name: 'Confirmation du mot de passe' }).fill(`${password}x`);
    await page.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click();
    await expect(page.getByText('Ce lien n’est plus valide. Demandez un nouveau lien.')).toBeVisible();
  });

  test('an admin creates a user, who sets a password from the first-login e-mail and signs in', async ({ page }) => {
    const email = await newAccount(page, 'Premiere-vendange-1');
    await signInWith(page, email, 'Premiere-vendange-1');
    await expect(page.getByTestId('user-name')).toHaveText('Paul Premier');
  });

  test('a user changes its password in the settings: a common one is refused with the reason', async ({ page }) => {
    const email = await newAccount(page, 'Premiere-vendange-2');
    await signInWith(page, email, 'Premiere-vendange-2');
    await page.goto('/params');
    const form = page.getByRole('form', { name: 'Changer le mot de passe' });
    await form.getByLabel('Mot de passe actuel').fill('Premiere-vendange-2');
    await form.getByLabel(/^Nouveau mot de passe/).fill('Sunshine2026!');
    await form.getByLabel('Confirmation du nouveau mot de passe').fill('Sunshine2026!');
    await form.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await expect(form.getByText(/fait partie des plus courants/)).toBeVisible();

    await form.getByLabel(/^Nouveau mot de passe/).fill('Deuxieme-vendange-7');
    await form.getByLabel('Confirmation du nouveau mot de passe').fill('Deuxieme-vendange-7');
    await form.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await expect(
      page.getByText('Votre mot de passe a été modifié. Vos autres sessions ont été fermées.'),
    ).toBeVisible();
    await expect(form.getByLabel('Mot de passe actuel')).toHaveValue('');
    // This session goes on with its fresh token.
    await page.reload();
    await expect(page.getByTestId('user-name')).toHaveText('Paul Premier');

    // A new sign-in e-mail asks for the current password.
    const profile = page.getByRole('form', { name: 'Informations personnelles' });
    await expect(profile.getByLabel('Mot de passe actuel')).toHaveCount(0);
    await profile.getByRole('textbox', { name: 'E-mail' }).fill(`autre.${email}`);
    await profile.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(profile.getByText('Ce champ est obligatoire.')).toBeVisible();

    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await signInWith(page, email, 'Deuxieme-vendange-7');
  });

  test('a link without a token leads silently to the sign-in page', async ({ page }) => {
    await page.goto(`/new-user?email=${encodeURIComponent(ACCOUNTS.user)}`);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  });
});
