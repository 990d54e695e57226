/**
 * The whole warehouse loop on screen, against the loop's own runtime (runtimes.ts), whose simulated warehouse
 * plays every step 1.5 s apart and meets a discrepancy on every document: a writer sends a B2C order and sees it
 * acknowledged, prepared one bottle short, shipped with a link to the carrier's tracking page, then reads the
 * e-mail of its shipment; announces a reception and sees it arrive, then counted with a bottle broken, the
 * difference on the reception's lines and in its history.
 * The steps follow one another faster than a page reads its document again (an order every 10 s), so each step is
 * read in the document's history, where the warehouse's reports stay, and the status where it ends.
 * That runtime is another origin: the sessions of the global setup are not its own, and the user signs in here.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  chooseRecipient,
  chooseSegment,
  enterQuantity,
  fillDate,
  findOrder,
  newOrder,
  singleLotProduct,
} from './order-steps';
import * as reception from './reception-steps';
import { LOOP_BASE_URL } from './runtimes';
import { ACCOUNTS, choose, gridRows, mailsTo, relative, signIn, stepForm, uniqueCode } from './support';

test.skip(
  !LOOP_BASE_URL,
  'E2E_BASE_URL runs the tests against a runtime already running, and the loop needs one whose warehouse plays ' +
    'every step with a discrepancy on every document (start.ts --warehouse all --warehouse-discrepancies 1): ' +
    'give its address in E2E_LOOP_BASE_URL',
);
test.use({ baseURL: LOOP_BASE_URL });

/** How long a step of the warehouse may take to show: its 1.5 s, the page's next read, a busy machine. */
const WAREHOUSE = { timeout: 30_000 };
const USER = ACCOUNTS.user;

/** An event of the document's history, by its title. */
const event = (page: Page, title: string) =>
  page
    .getByRole('region', { name: 'Historique' })
    .getByTestId('timeline')
    .locator(':scope > li')
    .filter({ hasText: title });

/** The cell of a row under a column of its table, by the column's header. */
async function cellOf(table: Locator, row: Locator, header: string) {
  const headers = await table.getByRole('columnheader').allTextContents();
  expect(headers, `a column ${header}`).toContain(header);
  return row.getByRole('cell').nth(headers.indexOf(header));
}

test.describe('The warehouse loop', () => {
  // A document's whole way through the warehouse, on top of building it: more than the config's minute on a busy
  // machine.
  test.describe.configure({ timeout: 120_000 });

  test('an order sent is acknowledged, prepared short, shipped with its tracking link, and its e-mail arrives', async ({
    page,
  }) => {
    const reference = uniqueCode('LOOP');
    const ordered = 3;
    await signIn(page, USER);
    // The e-mails of what the warehouse did go to the company's users who chose e-mail.
    await page.goto('/params');
    const byMail = page.getByRole('switch', { name: 'Notifications par e-mail' });
    await byMail.check({ force: true });
    await expect(byMail).toBeChecked();

    // A B2C order with a carrier that has a tracking page, several bottles on its one line (the short pick takes
    // one off the first line of an order).
    const { code } = await singleLotProduct(page, 'B2C');
    await page.goto('/order/list');
    await newOrder(page);
    await chooseSegment(page, 'B2C');
    await enterQuantity(page, code, ordered);
    await expect(page.getByTestId('cart').getByRole('row').filter({ hasText: code })).toContainText(String(ordered));
    await page.getByRole('button', { name: 'Valider le panier' }).click();
    const details = stepForm(page, 'Informations');
    await details.getByRole('textbox', { name: 'Référence de la commande' }).fill(reference);
    await chooseRecipient(page);
    await choose(page, details.getByRole('combobox', { name: 'Transporteur' }), 'COLISSIMO - Colissimo');
    await choose(page, details.getByRole('combobox', { name: 'Service' }), 'DOM - Domicile');
    await fillDate(page, 'Date de livraison');
    await details.getByRole('button', { name: 'Valider la commande' }).click();
    await expect(page.getByText('La commande a été envoyée.')).toBeVisible();
    const row = await findOrder(page, reference);
    await row.getByRole('link', { name: `Voir ${reference}` }).click();
    await expect(page).toHaveURL(/\/order\/detail\//);
    const detailPath = new URL(page.url()).pathname;
    const header = page.getByRole('heading', { name: `Détail de la commande - ${reference}` }).locator('..');

    // Acknowledged, then being prepared: the warehouse's reports, each with the status it moved the order to.
    const acknowledged = event(page, 'Prise en compte par l’entrepôt');
    await expect(acknowledged).toContainText('Statut : En cours de transmission → Saisie', WAREHOUSE);
    await expect(acknowledged).toContainText('Entrepôt');
    await expect(event(page, 'Mise en préparation')).toContainText('Statut : Saisie → En cours', WAREHOUSE);
    // Prepared one bottle short.
    const prepared = event(page, 'Préparée par l’entrepôt');
    await expect(prepared).toContainText('Statut : En cours → En attente d’enlèvement', WAREHOUSE);
    await expect(prepared).toContainText('Préparé en moins que commandé :');
    await expect(prepared.getByRole('listitem')).toHaveText(
      new RegExp(`^${code}(, lot .+)? : ${ordered - 1} préparé\\(s\\) sur ${ordered} commandé\\(s\\)$`),
    );

    // Shipped (070): the status, the line's prepared quantity below the ordered one, the tracking number linked to
    // the carrier's page, in the shipment and in the history.
    const shipped = event(page, 'Expédiée par l’entrepôt');
    await expect(shipped).toContainText('Statut : En attente d’enlèvement → Expédiée', WAREHOUSE);
    await expect(header).toContainText('Expédiée');
    await expect(header.locator('[data-status]')).toHaveAttribute('data-status', '070');
    const lines = page.getByTestId('order-lines');
    const line = lines.getByRole('row').filter({ hasText: code });
    await expect(await cellOf(lines, line, 'Commandé')).toHaveText(String(ordered));
    await expect(await cellOf(lines, line, 'Préparé')).toHaveText(String(ordered - 1));
    const tracking = page.getByRole('region', { name: 'Expédition' }).getByRole('link', { name: /^COLISSIMO\d+/ });
    await expect(tracking).toHaveAttribute('target', '_blank');
    // Its name also says that it opens a new tab.
    const number = (await tracking.innerText()).match(/COLISSIMO\d+/)?.[0];
    const trackingPage = `https://www.laposte.fr/outils/suivre-vos-envois?code=${number}`;
    await expect(tracking).toHaveAttribute('href', trackingPage);
    await expect(shipped.getByRole('link', { name: new RegExp(`^${number}`) })).toHaveAttribute('href', trackingPage);
    await expect(page.getByRole('region', { name: 'Expédition' })).toContainText('Quai 3');
    await expect(page.getByTestId('order-packings')).toBeVisible();

    // The e-mail of the shipment, to the user: the tracking link, the short line, the way to the order. It is sent
    // just after the report applies, so the mailbox is read again until it is there.
    const mail = mailsTo(page, USER).filter({ hasText: `Commande ${reference} expédiée` });
    await expect(async () => {
      await page.goto('/_mailbox');
      await expect(mail).toHaveCount(1, { timeout: 1_000 });
    }).toPass(WAREHOUSE);
    await expect(mail.getByRole('link', { name: trackingPage })).toHaveAttribute('href', trackingPage);
    await expect(mail).toContainText('Quantités expédiées inférieures à la commande :');
    await expect(mail).toContainText(`${code} : ${ordered - 1} sur ${ordered}`);
    const open = mail.getByRole('link', { name: new RegExp(`${detailPath}$`) });
    await page.goto(relative((await open.getAttribute('href')) ?? ''));
    await expect(page.getByRole('heading', { name: `Détail de la commande - ${reference}` })).toBeVisible();
  });

  test('a reception announced arrives and is counted with a bottle broken, the difference shown on it', async ({
    page,
  }) => {
    const reference = uniqueCode('LOOPREC');
    const announced = 12;
    await signIn(page, USER);
    const { plain } = await reception.demoProducts(page);
    await page.goto('/reception/list');
    await page.getByRole('button', { name: 'Nouvelle réception' }).click();
    await reception.chooseWarehouse(page);
    await reception.enterQuantity(page, plain, announced);
    await expect(page.getByTestId('cart').getByRole('row').filter({ hasText: plain.code })).toContainText(
      String(announced),
    );
    await page.getByRole('button', { name: 'Suivant' }).click();
    await reception.fillDetails(page, reference);
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await expect(page.getByText('La réception a été envoyée.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Rechercher' }).fill(reference);
    await expect(gridRows(page)).toHaveCount(1);
    await gridRows(page)
      .first()
      .getByRole('link', { name: `Voir ${reference}` })
      .click();
    await expect(page).toHaveURL(/\/reception\/detail\//);

    // The reception's page does not read it again by itself: it is reloaded until the warehouse has counted it.
    const header = page.getByRole('heading', { name: `Détail de la réception - ${reference}` }).locator('..');
    await expect(async () => {
      await page.reload();
      await expect(header).toContainText('Clôturée', { timeout: 1_000 });
    }).toPass(WAREHOUSE);

    // Arrived (100), then counted (200): the warehouse's reports in the history.
    const arrived = event(page, 'Arrivée à l’entrepôt');
    await expect(arrived).toContainText('Statut : En attente de réception → En cours');
    await expect(arrived).toContainText('Entrepôt');
    const counted = event(page, 'Comptée par l’entrepôt');
    await expect(counted).toContainText('Statut : En cours → Clôturée');
    await expect(counted).toContainText('Écarts avec l’annonce :');
    await expect(counted.getByRole('listitem')).toHaveText([
      `${plain.code} (STD) : ${announced - 1} reçu(s) pour ${announced} attendu(s)`,
      `${plain.code} (BLO) : 1 reçu(s), non annoncé`,
    ]);

    // On the lines: the announced lot counted one short, and the broken bottle a line of its own, not announced,
    // with the warehouse's remark.
    const lines = page.getByTestId('reception-lines');
    const announcedLine = lines.getByRole('row').filter({ hasText: plain.code }).filter({ hasText: 'STD' });
    await expect(await cellOf(lines, announcedLine, 'Attendu')).toHaveText(String(announced));
    await expect(await cellOf(lines, announcedLine, 'Reçu')).toHaveText(String(announced - 1));
    await expect(await cellOf(lines, announcedLine, 'Écart')).toHaveText('−1');
    const broken = lines.getByRole('row').filter({ hasText: plain.code }).filter({ hasText: 'BLO' });
    await expect(await cellOf(lines, broken, 'Attendu')).toHaveText(/^0\s*Non annoncé$/);
    await expect(await cellOf(lines, broken, 'Reçu')).toHaveText('1');
    await expect(await cellOf(lines, broken, 'Écart')).toHaveText('+1');
    await expect(await cellOf(lines, broken, 'Remarque de l’entrepôt')).toHaveText('Bouteille cassée à la réception');
  });
});
