/**
 * The order wizard's steps as a writer takes them, and the demo stock they order from: for the wizard's own specs
 * and for those that need an order sent (warehouse-loop.spec.ts).
 */
import { expect, type Page } from '@playwright/test';
import { api, choose, gridRows, nextWeek, stepForm } from './support';

export interface DemoLot {
  id: string;
  product: { id: string; code: string };
  warehouse: { code: string };
  segment: string | null;
  quality: string;
  batch: string | null;
  ubd: string | null;
  available: number;
}

/** The user's lots an order of a segment may take from, by product code. */
export async function sellableLots(page: Page, segment: 'B2B' | 'B2C') {
  const { data } = await api<{ data: DemoLot[] }>(
    page,
    `/api/stocks?filter[available][gt]=0&filter[quality][notIn]=BLO,NC,NCO&filter[segment]=${segment},NULL&include=warehouse&paginate=1000`,
  );
  const byProduct = new Map<string, DemoLot[]>();
  for (const lot of data) byProduct.set(lot.product.code, [...(byProduct.get(lot.product.code) ?? []), lot]);
  return byProduct;
}

/** A product with a single sellable lot in the segment. */
export async function singleLotProduct(page: Page, segment: 'B2B' | 'B2C') {
  for (const [code, lots] of await sellableLots(page, segment)) {
    const [lot] = lots;
    if (lots.length === 1 && lot && lot.available >= 5) return { code, lot };
  }
  throw new Error(`The demo lacks a ${segment} product with a single lot`);
}

/** From the list: the new-order button, answered 'new order' when the modal offers a draft. */
export async function newOrder(page: Page) {
  await page.getByRole('button', { name: 'Nouvelle commande' }).click();
  const modal = page.getByRole('dialog', { name: 'Commande en cours' });
  await modal
    .or(page.getByRole('form', { name: 'Compte et segment' }))
    .first()
    .waitFor();
  if (await modal.isVisible()) await modal.getByRole('button', { name: 'Nouvelle commande' }).click();
  await expect(page).toHaveURL(/\/order\/create$/);
}

/** Step 1: the segment, then on to the products. */
export async function chooseSegment(page: Page, segment: 'B2B' | 'B2C') {
  const step = stepForm(page, 'Compte et segment');
  await choose(page, step.getByRole('combobox', { name: 'Segment' }), segment);
  await step.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByRole('textbox', { name: 'Rechercher un article' })).toBeVisible();
}

/** Step 2: finds a product by its code and types a quantity, then Enter. */
export async function enterQuantity(page: Page, code: string, quantity: number) {
  await page.getByRole('textbox', { name: 'Rechercher un article' }).fill(code);
  const field = page.getByRole('textbox', { name: `Quantité ${code}`, exact: true });
  await expect(field).toBeVisible();
  await field.fill(String(quantity));
  await field.press('Enter');
}

/** Step 3: the first recipient the search offers. */
export async function chooseRecipient(page: Page) {
  await page.getByRole('combobox', { name: 'Destinataire' }).click();
  await page.getByRole('option').first().click();
  await expect(page.getByRole('button', { name: 'Changer de destinataire' })).toBeVisible();
}

/** Step 3: a date field, a week from now. */
export async function fillDate(page: Page, name: string) {
  const field = page.getByRole('textbox', { name });
  await field.fill(nextWeek());
  // Leaving the field reads the typed day and closes its calendar.
  await field.press('Tab');
}

/** The list, searched for one reference. */
export async function findOrder(page: Page, reference: string) {
  await page.getByRole('textbox', { name: 'Rechercher' }).fill(reference);
  await expect(gridRows(page)).toHaveCount(1);
  return gridRows(page).first();
}
