import { expect, test } from '@playwright/test';
import { ACCOUNTS, gridRows, signedIn } from './support';

test.describe('Client users', () => {
  test('an admin creates a user of its company, edits it and deactivates it', async ({ page }) => {
    const email = `cave.${Date.now().toString(36)}@cli001.test`;
    await signedIn(page, 'admin');
    await page.getByRole('navigation').getByRole('link', { name: 'Comptes utilisateurs' }).click();
    await expect(page).toHaveURL(/\/client-user\/list$/);
    await expect(page.getByRole('heading', { name: 'Mes utilisateurs' })).toBeVisible();
    // One's own row offers no (de)activation nor deletion.
    await page.getByRole('textbox', { name: 'Rechercher' }).fill(ACCOUNTS.admin);
    await expect(gridRows(page)).toHaveCount(1);
    await expect(gridRows(page).first().getByRole('button')).toHaveCount(0);

    await page.getByRole('link', { name: 'Ajouter un utilisateur' }).click();
    const form = page.getByRole('form', { name: 'Utilisateur' });
    await expect(form.getByRole('textbox', { name: 'Compte client' })).toHaveCount(0);
    // An admin gives roles below its own only.
    await form.getByRole('combobox', { name: 'Rôle' }).click();
    await expect(page.getByRole('option')).toHaveText(['Utilisateur', 'Lecteur']);
    await page.getByRole('option', { name: 'Lecteur' }).click();
    await form.getByRole('textbox', { name: 'Nom', exact: true }).fill('Caviste');
    await form.getByRole('textbox', { name: 'Prénom' }).fill('Claire');
    await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
    await form.getByRole('textbox', { name: "Confirmation de l'e-mail" }).fill(`autre.${email}`);
    await form.getByRole('combobox', { name: 'Entrepôts' }).click();
    for (const code of ['BDX', 'COG', 'REI']) await page.getByRole('option', { name: new RegExp(`^${code}`) }).click();
    await page.keyboard.press('Escape');
    // Two chips, then the count of the others.
    await expect(form.getByText('(+1 autre)')).toBeVisible();
    // The admin holds every module: one "every module" choice, not two ('all' grants the same).
    await form.getByRole('combobox', { name: 'Modules' }).click();
    await expect(page.getByRole('option', { name: 'Tous les modules' })).toHaveCount(1);
    await expect(page.getByRole('option', { name: 'Tout', exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await form.getByRole('button', { name: 'Créer' }).click();
    await expect(form.getByText('Les adresses e-mail doivent être identiques.')).toBeVisible();
    await expect(page.getByText('Le formulaire contient des erreurs.')).toBeVisible();

    await form.getByRole('textbox', { name: "Confirmation de l'e-mail" }).fill(email);
    await form.getByRole('button', { name: 'Créer' }).click();
    await expect(page).toHaveURL(/\/client-user\/list$/);
    await expect(page.getByText('Le compte utilisateur a été créé.', { exact: false })).toBeVisible();

    await page.getByRole('textbox', { name: 'Rechercher' }).fill(email);
    await expect(gridRows(page)).toHaveCount(1);
    const row = gridRows(page).first();
    await expect(row).toContainText('Claire Caviste');
    await expect(row).toContainText('Lecteur');

    await row.getByRole('button', { name: `Modifier ${email}` }).click();
    const modal = page.getByRole('dialog', { name: "Modifier l'utilisateur" });
    await expect(modal.getByRole('textbox', { name: 'Prénom' })).toHaveValue('Claire');
    await expect(modal.getByRole('combobox', { name: 'Comptes rattachés' })).toHaveCount(0);
    await modal.getByRole('textbox', { name: 'Prénom' }).fill('Clara');
    await modal.getByRole('combobox', { name: 'Rôle' }).click();
    await page.getByRole('option', { name: 'Utilisateur' }).click();
    await modal.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByText("L'utilisateur a été modifié.")).toBeVisible();
    await expect(gridRows(page).first()).toContainText('Clara Caviste');
    await expect(gridRows(page).first()).toContainText('Utilisateur');
    await expect(gridRows(page).first()).toContainText('Actif');

    await gridRows(page)
      .first()
      .getByRole('button', { name: `Désactiver ${email}` })
      .click();
    await page.getByRole('dialog', { name: 'Désactiver' }).getByRole('button', { name: 'Désactiver' }).click();
    await expect(page.getByText("L'utilisateur a été désactivé.")).toBeVisible();
    await expect(
      gridRows(page)
        .first()
        .getByRole('button', { name: `Activer ${email}` }),
    ).toBeVisible();
    // Said in words, not only by the row's grey.
    await expect(gridRows(page).first()).toContainText('Inactif');
  });

  test('a superadmin lists a company’s users under its breadcrumb; an unknown company is not found', async ({
    page,
  }) => {
    await signedIn(page, 'superadmin', '/company/list');
    await gridRows(page)
      .filter({ hasText: 'CLI002' })
      .getByRole('link', { name: 'Utilisateurs du compte CLI002' })
      .click();
    await expect(page).toHaveURL(/\/client-user\/[^/]+\/list$/);
    // The account column of the grid shows the same words once its rows arrive: look in the breadcrumb only.
    await expect(page.locator('.mantine-Breadcrumbs-root').getByText('CLI002 - Coopérative des Coteaux')).toBeVisible();
    await expect(gridRows(page)).toHaveCount(1);
    await expect(gridRows(page).first()).toContainText(ACCOUNTS.otherAdmin);

    await page.goto('/client-user/NO-SUCH-COMPANY/list');
    await expect(page).toHaveURL(/\/404$/);
  });
});
