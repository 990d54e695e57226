/**
 * The dashboard (spec 1 §2): the admin's cards and panels, the parts of a user holding only the order scope, the
 * superadmin's every-owner and one-owner figures, each card opening its pre-filtered list, a figure that moves
 * without a reload, and a phone's width.
 */
import { expect, type Page, test } from '@playwright/test';
import { horizontalOverflow, mailboxLink, PASSWORD, signedIn, signIn } from './support';

const token = (page: Page) => page.evaluate<string>("localStorage.getItem('cellar.token')");
const api = async (page: Page, path: string, init: { method?: string; data?: unknown } = {}) => {
  const res = await page.request.fetch(path, {
    method: init.method ?? 'GET',
    data: init.data,
    headers: { authorization: `Bearer ${await token(page)}` },
  });
  return res.json();
};
const card = (page: Page, name: string) => page.locator(`[data-card="${name}"]`);
const figure = (page: Page, name: string) => card(page, name).locator('[data-figure]');
const fr = (n: number) => n.toLocaleString('fr-FR');

test.describe('Dashboard', () => {
  test('the admin sees every card, the chart and the panels, with chips and arrows', async ({ page }) => {
    await signedIn(page, 'admin');
    const d = await api(page, '/api/dashboard');
    for (const [name, value] of Object.entries(d.kpi as Record<string, number>)) {
      await expect(figure(page, name)).toHaveText(fr(value));
    }
    await expect(page.locator('[data-card]')).toHaveCount(5);
    await expect(page.locator('[data-chart="months"] .recharts-surface').first()).toBeVisible();
    for (const panel of ['orders', 'expeditions', 'receptions', 'shippingOrders', 'stockMovements', 'stocks']) {
      await expect(page.locator(`[data-panel="${panel}"]`)).toBeVisible();
    }
    // The shipping orders' rows open their detail; the next shipments hold the shipping orders due too.
    const shipping = page.locator('[data-panel="shippingOrders"] [data-row]');
    await expect(shipping).toHaveCount(d.shippingOrders.length);
    await shipping.first().getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/shipping-order/detail/${d.shippingOrders[0].id}$`));
    await page.goBack();
    const next = [...d.expeditions, ...d.shippingExpeditions].map((o: { deliveryDate: string }) => o.deliveryDate);
    await expect(page.locator('[data-panel="expeditions"] [data-row]')).toHaveCount(Math.min(5, next.length));
    const orders = page.locator('[data-panel="orders"] [data-row]');
    await expect(orders).toHaveCount(d.orders.length);
    await expect(orders.first().locator('[data-status]')).toHaveAttribute('data-status', d.orders[0].statusCode);
    const first = d.stockMovements[0];
    await expect(page.locator('[data-panel="stockMovements"] [data-direction]').first()).toHaveAttribute(
      'data-direction',
      first.direction,
    );
    // A row that is not a draft opens its detail page.
    const viewable = d.orders.find((o: { statusCode: string }) => o.statusCode !== '000');
    await page
      .getByRole('link', { name: `Voir ${viewable.reference}` })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/order/detail/${viewable.id}$`));
  });

  test('each card opens its list, filtered to what it counts', async ({ page }) => {
    await signedIn(page, 'admin');
    const d = await api(page, '/api/dashboard');
    const lists: [string, RegExp, number | null][] = [
      ['yearOrdersCount', /\/order\/list\?grid_filters=/, d.kpi.yearOrdersCount],
      ['yearReceptionsCount', /\/reception\/list\?grid_filters=/, d.kpi.yearReceptionsCount],
      // References are products: their list shows the products' sellable lines, more rows than the figure.
      ['referencesCount', /\/stock\/list\?grid_filters=/, null],
      ['yearBottlesCount', /\/order\/list\?grid_filters=/, null],
      ['bottlesCount', /\/stock\/list$/, null],
    ];
    for (const [name, url, total] of lists) {
      await page.goto('/dashboard');
      await card(page, name).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByTestId('grid-pager-rows')).toBeVisible();
      if (total !== null) await expect(page.getByTestId('grid-pager-rows')).toContainText(`sur ${fr(total)}`);
    }
  });

  test('a figure moves without a reload when an order is sent', async ({ page }) => {
    await signedIn(page, 'admin');
    const before = (await api(page, '/api/dashboard')).kpi.yearOrdersCount as number;
    await expect(figure(page, 'yearOrdersCount')).toHaveText(fr(before));
    // A B2B stock line that may be ordered: a B2C order would also need a carrier, a service and a contact.
    const stock = (
      await api(
        page,
        '/api/stocks?filter[available][gt]=5&filter[segment]=B2B&filter[quality][notIn]=BLO,NC,NCO&paginate=1',
      )
    ).data[0];
    const recipient = (await api(page, '/api/contacts?filter[type]=recipient&paginate=1')).data[0];
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const sent = await api(page, '/api/orders', {
      method: 'POST',
      data: {
        segment: 'B2B',
        reference: `DASH${Date.now().toString(36).toUpperCase()}`,
        recipient: {
          isCompany: true,
          company: 'Cave du Port',
          street: '1 quai',
          postcode: '33000',
          city: 'Bordeaux',
          country: 'FR',
        },
        customerId: recipient.id,
        pickupManagedByProduct: 1,
        shippingLabelRequired: 0,
        deliveryDate: tomorrow,
        statusCode: '005',
        stocks: [{ stockId: stock.id, ordered: 1 }],
      },
    });
    expect(sent.statusCode, JSON.stringify(sent)).toBe('005');
    await expect(figure(page, 'yearOrdersCount')).toHaveText(fr(before + 1), { timeout: 25_000 });
  });

  test('a user holding only the order scope sees the order parts alone', async ({ page }) => {
    await signedIn(page, 'admin');
    const me = await api(page, '/api/auth/user');
    const email = `orders.${Date.now().toString(36)}@cli001.test`;
    const created = await page.request.post('/api/users', {
      headers: { authorization: `Bearer ${await token(page)}` },
      data: {
        lastname: 'Commandes',
        firstname: 'Odile',
        email,
        email_confirmation: email,
        role: 'user',
        warehouseIds: me.warehouseIds,
        scope: ['order'],
      },
    });
    expect(created.status()).toBe(201);
    await page.goto(await mailboxLink(page, email));
    await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: 'Confirmation du mot de passe' }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, email);
    await expect(page.locator('[data-card]')).toHaveCount(2);
    await expect(card(page, 'yearOrdersCount')).toBeVisible();
    await expect(card(page, 'yearBottlesCount')).toBeVisible();
    await expect(page.locator('[data-panel="orders"]')).toBeVisible();
    await expect(page.locator('[data-panel="expeditions"]')).toBeVisible();
    for (const panel of ['receptions', 'stockMovements', 'stocks', 'shippingOrders']) {
      await expect(page.locator(`[data-panel="${panel}"]`)).toHaveCount(0);
    }
  });

  test('the superadmin sees every owner, then the one it chooses', async ({ page }) => {
    await signedIn(page, 'superadmin');
    const every = await api(page, '/api/dashboard');
    await expect(figure(page, 'yearOrdersCount')).toHaveText(fr(every.kpi.yearOrdersCount));
    const companies = (await api(page, '/api/companies?filter[code]=CLI001')).data;
    const one = await api(page, `/api/dashboard?ownerId=${companies[0].id}`);
    expect(one.kpi.yearOrdersCount).toBeLessThan(every.kpi.yearOrdersCount);
    await page
      .getByRole('textbox', { name: 'Compte client' })
      .or(page.getByRole('combobox', { name: 'Compte client' }))
      .click();
    await page.getByRole('option', { name: /^CLI001/ }).click();
    await expect(figure(page, 'yearOrdersCount')).toHaveText(fr(one.kpi.yearOrdersCount));
    await card(page, 'yearOrdersCount').click();
    await expect(page).toHaveURL(/owner\.id/);
    await expect(page.getByTestId('grid-pager-rows')).toContainText(`sur ${fr(one.kpi.yearOrdersCount)}`);
  });

  test('a panel with nothing to show says so', async ({ page }) => {
    await signedIn(page, 'superadmin');
    // The provider's own account holds no orders, receptions or stock of its own.
    await page
      .getByRole('textbox', { name: 'Compte client' })
      .or(page.getByRole('combobox', { name: 'Compte client' }))
      .click();
    await page.getByRole('option', { name: /^CELLAR/ }).click();
    await expect(figure(page, 'yearOrdersCount')).toHaveText('0');
    await expect(page.locator('[data-panel="orders"] [data-empty]')).toHaveText('Aucune commande pour le moment.');
    await expect(page.locator('[data-panel="stocks"] [data-empty]')).toHaveText(
      "Aucune ligne de stock entrée aujourd'hui.",
    );
    await expect(page.locator('[data-panel="orders"] [data-row]')).toHaveCount(0);
  });

  test('fits a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signedIn(page, 'admin');
    await expect(card(page, 'yearOrdersCount')).toBeVisible();
    await expect(page.locator('[data-panel="orders"]')).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });
});
