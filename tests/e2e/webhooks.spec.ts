/**
 * Webhooks on screen, against the loop's runtime (runtimes.ts), whose simulated warehouse plays every order
 * through to shipped: a client's admin registers the local receiver (/_webhooks) for shipped orders on the
 * Webhooks page and is shown its secret once; an order is sent (through the API, as a client's system would); the
 * admin then reads its order.shipped delivery in the endpoint's log, delivered, with the carrier's tracking link,
 * and the receiver holds it, signed.
 * That runtime is another origin: the sessions of the global setup are not its own, and the admin signs in here.
 */
import { expect, type Page, test } from '@playwright/test';
import { LOOP_BASE_URL } from './runtimes';
import { ACCOUNTS, blockingViolations, named, signIn, uniqueCode } from './support';

test.skip(
  !LOOP_BASE_URL,
  'E2E_BASE_URL runs the tests against a runtime already running, and this spec needs one whose warehouse plays ' +
    'orders through to shipped (start.ts --warehouse all): give its address in E2E_LOOP_BASE_URL',
);
test.use({ baseURL: LOOP_BASE_URL });

/** How long the warehouse may take to ship an order and the delivery to be made: its steps 1.5 s apart, a busy machine. */
const WAREHOUSE = { timeout: 60_000 };

/**
 * A B2B order sent for the signed-in admin's company, one bottle, with GEODIS (a carrier whose tracking page the
 * simulated warehouse links), by a script of the client's system: with an API key the admin makes for it, as the
 * README's curl example places one.
 */
async function sendOrder(page: Page, reference: string) {
  const token = await page.evaluate("localStorage.getItem('cellar.token')");
  const made = await page.request.post('/api/api-keys', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'Boutique en ligne', role: 'user', scope: ['*'] },
  });
  expect(made.status(), await made.text()).toBe(201);
  const headers = { authorization: `Bearer ${(await made.json()).key}` };
  const get = async (path: string) => {
    const res = await page.request.get(path, { headers });
    expect(res.ok(), path).toBe(true);
    return res.json();
  };
  // Who the key's company is: a person's own route, which no key reaches.
  const me = await (await page.request.get('/api/auth/user', { headers: { authorization: `Bearer ${token}` } })).json();
  const carriers: { id: string; code: string }[] = await get(`/api/companies/${me.companyId}/contacts/carriers`);
  const geodis = carriers.find((c) => c.code === 'GEODIS');
  expect(geodis, 'the demo company may ship with GEODIS').toBeDefined();
  const stock = (
    await get('/api/stocks?filter[available][gt]=5&filter[segment]=B2B&filter[quality][notIn]=BLO,NC,NCO&paginate=1')
  ).data[0];
  const recipient = (await get('/api/contacts?filter[type]=recipient&paginate=1')).data[0];
  const res = await page.request.post('/api/orders', {
    headers,
    data: {
      segment: 'B2B',
      reference,
      statusCode: '005',
      deliveryDate: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
      customerId: recipient.id,
      recipient: {
        isCompany: true,
        company: 'Cave du Port',
        street: '1 quai',
        postcode: '33000',
        city: 'Bordeaux',
        country: 'FR',
      },
      carrierId: geodis?.id,
      pickupManagedByProduct: 1,
      shippingLabelRequired: 0,
      stocks: [{ stockId: stock.id, ordered: 1 }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test.describe('Webhooks', () => {
  // Dialogs are audited once still: one caught fading in has its text at partial opacity (accessibility.spec.ts).
  test.use({ contextOptions: { reducedMotion: 'reduce' } });
  // An order's way through the warehouse to shipped, on top of the sign-in and the page: more than the config's
  // minute on a busy machine.
  test.describe.configure({ timeout: 120_000 });

  test('a client admin registers an endpoint for shipped orders, then reads its delivery with the tracking link', async ({
    page,
  }) => {
    const name = `e2e-${Date.now().toString(36)}`;
    const url = `${LOOP_BASE_URL}/_webhooks/${name}`;
    const reference = uniqueCode('HOOK');
    await signIn(page, ACCOUNTS.admin);

    // The menu leads to the page.
    await page.getByRole('navigation').getByRole('link', { name: 'Webhooks', exact: true }).click();
    await expect(page).toHaveURL(/\/settings\/webhooks$/);
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 2 })).toBeVisible();

    // Registered for shipped orders only; its secret shown once.
    await page.getByRole('button', { name: 'Ajouter un webhook' }).click();
    const form = page.getByRole('dialog', { name: 'Nouveau webhook' });
    await form.getByRole('textbox', { name: 'Adresse (URL)' }).fill(url);
    await form.getByRole('checkbox', { name: 'Commande expédiée (avec suivi)' }).check();
    expect(named(await blockingViolations(page)), 'the form').toEqual([]);
    await form.getByRole('button', { name: 'Créer le webhook' }).click();
    const shown = page.getByRole('dialog', { name: 'Webhook créé : son secret' });
    await expect(shown.getByTestId('webhook-secret')).toHaveText(/^whsec_\S{20,}$/);
    await expect(shown).toContainText('Cellar-Signature');
    expect(named(await blockingViolations(page)), 'the secret').toEqual([]);
    await shown.getByRole('button', { name: 'J’ai copié le secret' }).click();
    await expect(shown).toBeHidden();
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0);
    const row = page.getByTestId('webhooks-table').getByRole('row').filter({ hasText: url });
    await expect(row).toContainText('Commande expédiée (avec suivi)');
    await expect(row).toContainText('Actif');

    // An order, which the warehouse ships.
    await sendOrder(page, reference);

    // The endpoint's log: the order.shipped delivery of that order, delivered at the first attempt.
    await row.getByRole('button', { name: `Journal des envois ${url}` }).click();
    const log = page.getByRole('dialog', { name: /Journal des envois/ });
    const delivery = log.getByTestId('delivery-row').filter({ hasText: reference });
    await expect(async () => {
      await log.getByRole('button', { name: 'Actualiser' }).click();
      await expect(delivery.getByText('Livré', { exact: true })).toBeVisible({ timeout: 2_000 });
    }).toPass(WAREHOUSE);
    await expect(delivery).toContainText('Commande expédiée (avec suivi)');
    await expect(delivery).toContainText('order.shipped');
    await expect(delivery).toContainText('HTTP 200');

    // Opened: what was sent, the tracking number linked to the carrier's page.
    const eventId = (await delivery.getAttribute('data-delivery')) ?? '';
    await delivery.getByRole('button', { name: `Afficher l’envoi ${eventId}` }).click();
    const tracking = log.getByTestId('delivery-tracking').getByRole('link', { name: /^GEODIS\d+/ });
    const number = (await tracking.innerText()).match(/GEODIS\d+/)?.[0];
    await expect(tracking).toHaveAttribute('href', `https://geodis.com/fr/suivi?ref=${number}`);
    await expect(log.getByTestId('delivery-payload')).toContainText(`"reference": "${reference}"`);
    expect(named(await blockingViolations(page)), 'the log').toEqual([]);

    // The receiver holds that delivery, signed, under the same event id.
    const received = await page.request.get(`/_webhooks?format=json&name=${name}`);
    const deliveries: { headers: Record<string, string>; body: string }[] = await received.json();
    const mine = deliveries.find((d) => d.headers['cellar-event-id'] === eventId);
    expect(mine?.headers['cellar-event-type']).toBe('order.shipped');
    expect(mine?.headers['cellar-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  });
});
