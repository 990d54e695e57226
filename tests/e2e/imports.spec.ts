import { importContext, importHeader } from '@cellar/shared/imports/templates';
import { expect, type Page, test } from '@playwright/test';
import { csvLine, RED_WINE_ROW } from '../fixtures/import-rows';
import { choose, gridRows, signedIn, uniqueCode } from './support';

const USER_HEADER = 'lastname;firstname;email;role;warehouses;modules';

async function readStream(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

async function chooseFile(page: Page, name: string, content: string) {
  // The input opens once the screen's choices are made and its reference data has loaded.
  await expect(page.getByRole('button', { name: 'Fichier CSV' })).toBeEnabled();
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
}

/** A cell of the import grid, by row number (1-based) and column key. */
const importCell = (page: Page, row: number, key: string) =>
  page.getByTestId('import-grid').locator(`.ag-row[row-id="${row}"] .ag-cell[col-id="${key}"]`).first();

test.describe('CSV import', () => {
  test('an admin imports users: the grid shows what is wrong, a fix in place, then the users exist', async ({
    page,
  }) => {
    const tag = Date.now().toString(36);
    const good = `import.ok.${tag}@cli001.test`;
    const fixed = `import.fixed.${tag}@cli001.test`;
    await signedIn(page, 'admin', '/client-user/list');
    await page.getByRole('link', { name: 'Importer' }).click();
    await expect(page).toHaveURL(/\/client-user\/[0-9A-Z]+\/import$/);
    await expect(page.getByRole('heading', { name: 'Importer des utilisateurs' })).toBeVisible();
    // An admin imports into its own company: no account to choose.
    await expect(page.getByRole('textbox', { name: 'Compte client' })).toHaveCount(0);
    // The screen states the limits (the file goes straight to S3, up to them).
    await expect(page.getByText(/Un import contient au plus 100\s000 lignes et 20 Mo\./)).toBeVisible();

    // The template comes as user.csv.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Télécharger le modèle' }).click();
    expect((await download).suggestedFilename()).toBe('user.csv');

    // A header that is not the template's is refused with the catalogue's message.
    await chooseFile(page, 'users.csv', 'nom;prenom\r\nA;B\r\n');
    await expect(page.getByText('Le fichier CSV ne correspond pas avec la matrice attendue.')).toBeVisible();

    await chooseFile(
      page,
      'users.csv',
      [USER_HEADER, `Importé;Ana;${good};user;BDX;order`, 'Importé;Bob;pas-un-email;reader;BDX|COG;', ''].join('\r\n'),
    );
    await expect(page.getByTestId('import-count')).toHaveText('2 lignes');
    await expect(page.getByTestId('import-invalid')).toHaveText('1 ligne invalide');
    await expect(importCell(page, 2, 'email')).toHaveClass(/import-cell-invalid/);
    await expect(importCell(page, 1, 'email')).toHaveClass(/import-cell-valid/);

    // Submitting is blocked while a row is invalid.
    await page.getByRole('button', { name: 'Valider' }).click();
    await expect(page.getByText('1 ligne(s) invalide(s) : corrigez-les avant de valider.')).toBeVisible();

    // The row says why, in its reasons column.
    await expect(importCell(page, 2, 'reasons')).toContainText('E-mail');
    // Fix the cell in the grid with the keyboard: the row is checked again at once (the API asked about the
    // new e-mail), and the count follows without a click.
    await importCell(page, 2, 'email').dblclick();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(fixed);
    await page.keyboard.press('Enter');
    await expect(importCell(page, 2, 'email')).toHaveText(fixed);
    await expect(importCell(page, 2, 'email')).toHaveClass(/import-cell-valid/);
    await expect(page.getByTestId('import-invalid')).toHaveText('0 ligne invalide');
    await expect(importCell(page, 2, 'reasons')).toHaveText('');

    // Leaving now would lose the correction: the screen asks first.
    await page.getByRole('link', { name: 'Mes utilisateurs' }).click();
    const dialog = page.getByRole('dialog', { name: "Abandonner l'import ?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await expect(page).toHaveURL(/\/import$/);
    await expect(importCell(page, 2, 'email')).toHaveText(fixed);

    await page.getByRole('button', { name: 'Valider' }).click();
    await expect(page.getByText('Import réalisé avec succès.')).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/client-user\/list$/);
    await page.getByRole('textbox', { name: 'Rechercher' }).fill(`.${tag}@`);
    await expect(gridRows(page)).toHaveCount(2);
    await expect(gridRows(page).filter({ hasText: fixed })).toContainText('Lecteur');
  });

  test('a file S3 refuses is reported in the user’s words, and the rows stay to send again', async ({ page }) => {
    const email = `import.refused.${Date.now().toString(36)}@cli001.test`;
    await signedIn(page, 'admin', '/user/import');
    await chooseFile(page, 'users.csv', [USER_HEADER, `Refusé;Ana;${email};user;BDX;`].join('\r\n'));
    await expect(page.getByTestId('import-invalid')).toHaveText('0 ligne invalide');
    // The form posted to S3 changed on its way: its Content-Type field is no longer the one the policy fixes.
    let posted = 0;
    const toS3 = (url: URL) => url.pathname.endsWith('/cellar-imports');
    await page.route(toS3, async (route) => {
      posted += 1;
      const body = (route.request().postDataBuffer() ?? Buffer.alloc(0)).toString('latin1');
      const changed = body.replace('\r\n\r\ntext/csv\r\n', '\r\n\r\ntext/html\r\n');
      expect(changed).not.toBe(body);
      await route.continue({ postData: Buffer.from(changed, 'latin1') });
    });
    await page.getByRole('button', { name: 'Valider' }).click();
    await expect(page.getByText('Le fichier n’a pas pu être envoyé : relancez l’import.')).toBeVisible();
    expect(posted).toBe(1);
    // Still on the screen, the rows in the grid: the user can send them again.
    await expect(page).toHaveURL(/\/import$/);
    await expect(page.getByTestId('import-grid')).toBeVisible();
    await page.unroute(toS3);
    await page.getByRole('button', { name: 'Valider' }).click();
    await expect(page.getByText('Import réalisé avec succès.')).toBeVisible({ timeout: 30_000 });
  });

  test('e-mails used twice in a user file block the import with a lasting warning', async ({ page }) => {
    await signedIn(page, 'admin', '/user/import');
    await chooseFile(
      page,
      'users.csv',
      [
        USER_HEADER,
        'A;B;same@cli001.test;user;BDX;',
        'C;D;SAME@cli001.test;user;BDX;',
        'E;F;user@cli001.test;user;BDX;',
      ].join('\n'),
    );
    await expect(
      page.getByText("Adresses emails déjà utilisées, veuillez vérifier votre fichier d'import"),
    ).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('same@cli001.test');
    await expect(page.getByRole('button', { name: 'Valider' })).toHaveCount(0);
    // An e-mail that already has an account is marked on its cell.
    await expect(importCell(page, 3, 'email')).toHaveClass(/import-cell-invalid/);
    await page.getByRole('button', { name: 'Retour' }).click();
    await expect(page.getByTestId('import-grid')).toHaveCount(0);
  });

  test('a superadmin imports client accounts: used codes are found before sending, the rows the server still refuses can be downloaded', async ({
    page,
  }) => {
    const code = uniqueCode('IMP');
    await signedIn(page, 'superadmin', '/company/list');
    await page.getByRole('link', { name: 'Importer' }).click();
    await expect(page.getByRole('heading', { name: 'Importer des comptes clients' })).toBeVisible();
    const header =
      'code;name;street;details;postcode;city;country;email;phone;siret;excise;warehouses;segments;pooled;top_agent;organic;modules;active';
    const rows = [
      `${code};Domaine Importé;1 quai des Chartrons;;33000;Bordeaux;FR;;;;;BDX;B2B;non;non;oui;;oui`,
      // CLI001 exists: the screen asks the API before anything is sent.
      'CLI001;Doublon;1 quai des Chartrons;;33000;Bordeaux;FR;;;;;BDX;B2B;;;;;',
    ];
    await chooseFile(page, 'companies.csv', [header, ...rows].join('\r\n'));
    await expect(page.getByTestId('import-invalid')).toHaveText('1 ligne invalide');
    await expect(importCell(page, 2, 'code')).toHaveClass(/import-cell-invalid/);
    await expect(importCell(page, 2, 'reasons')).toHaveText('Code : Ce code est déjà utilisé.');
    // Only the invalid rows, on demand.
    const invalidOnly = page.getByRole('switch', { name: 'Lignes invalides seulement' });
    await invalidOnly.check();
    await expect(importCell(page, 1, 'code')).toHaveCount(0);
    await expect(importCell(page, 2, 'code')).toHaveText('CLI001');
    await invalidOnly.uncheck();
    await expect(importCell(page, 1, 'code')).toHaveText(code);
    await page.getByRole('button', { name: 'Retour' }).click();

    // The same file while another session creates CLI001's twin: the screen's question sees no used code (the
    // answer is held as it would be a moment earlier), the server's worker refuses the row.
    await page.route('**/api/companies?**', (route) =>
      route.fulfill({ json: { data: [], meta: { total: 0, current_page: 1, last_page: 1, per_page: 50 } } }),
    );
    await chooseFile(page, 'companies.csv', [header, ...rows].join('\r\n'));
    await expect(page.getByTestId('import-invalid')).toHaveText('0 ligne invalide');
    await page.getByRole('button', { name: 'Valider' }).click();
    const progress = page.getByTestId('import-progress');
    await expect(progress.getByText('1 enregistrement(s) créé(s), 1 ligne(s) refusée(s).')).toBeVisible({
      timeout: 30_000,
    });
    await page.unroute('**/api/companies?**');
    const refused = page.getByTestId('import-errors').getByRole('row').nth(1);
    await expect(refused).toContainText('2');
    // The field is named by its column's label, in French.
    await expect(refused).toContainText('Code : Cette valeur est déjà utilisée.');
    // The refused rows come as a file to correct and import again as it is: the header, then each row after why.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Télécharger les lignes refusées' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('company-refused.csv');
    const text = (await readStream(await file.createReadStream())).replace(/^\uFEFF/, '');
    expect(text.split('\r\n')).toEqual([header, '# Ligne 2 : Code : Cette valeur est déjà utilisée.', rows[1], '']);
    await page.getByRole('link', { name: 'Retour à la liste' }).click();
    await expect(page).toHaveURL(/\/company\/list$/);
    await page.getByRole('textbox', { name: 'Rechercher' }).fill(code);
    await expect(gridRows(page)).toHaveCount(1);
  });

  test('a writer imports recipients into a warehouse and segment it chooses', async ({ page }) => {
    const code = uniqueCode('IMPR');
    await signedIn(page, 'user', '/recipient/list');
    await page.getByRole('link', { name: 'Importer' }).click();
    await expect(page.getByRole('heading', { name: 'Importer des destinataires' })).toBeVisible();
    // The file waits for the warehouse and the segment.
    await expect(page.getByRole('button', { name: 'Fichier CSV' })).toBeDisabled();
    await choose(page, page.getByRole('combobox', { name: 'Entrepôt' }), 'BDX - Bordeaux – Bruges');
    await choose(page, page.getByRole('combobox', { name: 'Segment' }), 'B2C');
    await chooseFile(
      page,
      'recipients.csv',
      [
        'code;is_company;company;name;street;details;postcode;city;country;email;phone;siret;excise',
        `${code};non;;Jeanne Client;4 rue Sainte-Catherine;;33000;Bordeaux;FR;jeanne@example.com;0601020304;;`,
      ].join('\r\n'),
    );
    await expect(page.getByTestId('import-invalid')).toHaveText('0 ligne invalide');
    await page.getByRole('button', { name: 'Valider' }).click();
    await expect(page.getByText('Import réalisé avec succès.')).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/recipient\/list$/);
    await page.getByRole('textbox', { name: 'Rechercher' }).fill(code);
    await expect(gridRows(page)).toHaveCount(1);
    await expect(gridRows(page).first()).toContainText('B2C');
  });

  test('a writer imports products; attribute cells follow the row’s sub-family', async ({ page }) => {
    const code = uniqueCode('IMPP');
    await signedIn(page, 'user', '/product/list');
    await page.getByRole('link', { name: 'Importer' }).click();
    await expect(page.getByRole('heading', { name: 'Importer des articles' })).toBeVisible();
    const labels = importHeader(
      importContext({ template: 'product', importer: { role: 2, scope: ['*'] }, warehouses: [] }),
    );
    const line = (row: Record<string, string>) => csvLine(labels, row);
    const base = RED_WINE_ROW;
    await chooseFile(
      page,
      'products.csv',
      [
        labels.join(';'),
        line({ ...base, code }),
        line({ ...base, code: `${code}B`, sub_family: 'COGNAC', color: 'RG' }),
      ].join('\r\n'),
    );
    await expect(page.getByTestId('import-invalid')).toHaveText('1 ligne invalide');
    // Red is not a colour of cognac: the cell says so; the column is named by the referential.
    await expect(importCell(page, 2, 'color')).toHaveClass(/import-cell-invalid/);
    await expect(page.getByRole('columnheader', { name: 'Couleur' })).toBeVisible();
    await importCell(page, 2, 'color').dblclick();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('AM');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Valider' }).click();
    await expect(page.getByText('Import réalisé avec succès.')).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/product\/list$/);
    await page.getByRole('textbox', { name: 'Rechercher' }).fill(code);
    await expect(gridRows(page)).toHaveCount(2);
  });
});
