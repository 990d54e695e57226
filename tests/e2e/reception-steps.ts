/**
 * The reception form's steps as a writer takes them, and the demo products they announce: for the receptions'
 * own specs and for those that need a reception sent (warehouse-loop.spec.ts).
 */
import { expect, type Page } from '@playwright/test';
import { api, choose, nextWeek, stepForm } from './support';

export interface DemoProduct {
  id: string;
  code: string;
  label: string;
  hasBatch: boolean;
  hasBbd: boolean;
  hasUbd: boolean;
}

/** Two visible products of the user's company in Bordeaux: one managed by batch only, one by no lot at all. */
export async function demoProducts(page: Page) {
  const warehouses = await api<{ id: string; code: string }[]>(page, '/api/warehouses');
  const bdx = warehouses.find((w) => w.code === 'BDX');
  if (!bdx) throw new Error('No BDX warehouse in the demo');
  const { data } = await api<{ data: DemoProduct[] }>(
    page,
    `/api/products?filter[warehouse.uuid]=${bdx.id}&filter[hidden]=false&paginate=500`,
  );
  const batched = data.find((p) => p.hasBatch && !p.hasUbd && !p.hasBbd);
  const plain = data.find((p) => !p.hasBatch && !p.hasUbd && !p.hasBbd);
  if (!batched || !plain) throw new Error('The demo lacks a batch-managed or a plain product in BDX');
  return { batched, plain };
}

/** Step 1: segment B2B and the Bordeaux warehouse, then on to the products. */
export async function chooseWarehouse(page: Page) {
  const step = stepForm(page, 'Entrepôt');
  await choose(page, step.getByRole('combobox', { name: 'Segment' }), 'B2B');
  await choose(page, step.getByRole('combobox', { name: 'Entrepôt de destination' }), 'BDX - Bordeaux – Bruges');
  await step.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByRole('textbox', { name: 'Rechercher un article' })).toBeVisible();
}

/** Step 2: finds a product by its code and types a quantity, then Enter. */
export async function enterQuantity(page: Page, product: DemoProduct, quantity: number) {
  await page.getByRole('textbox', { name: 'Rechercher un article' }).fill(product.code);
  const field = page.getByRole('textbox', { name: `Quantité ${product.code}`, exact: true });
  await expect(field).toBeVisible();
  await field.fill(String(quantity));
  await field.press('Enter');
}

/** Step 3: reference, expected date and the first supplier found. */
export async function fillDetails(page: Page, reference: string) {
  const step = stepForm(page, 'Informations');
  await step.getByRole('textbox', { name: 'Référence' }).fill(reference);
  await step.getByRole('textbox', { name: 'Date prévue' }).fill(nextWeek());
  // Leaving the field reads the typed day and closes its calendar.
  await step.getByRole('textbox', { name: 'Date prévue' }).press('Tab');
  await step.getByRole('combobox', { name: 'Fournisseur' }).click();
  await page.getByRole('option').first().click();
}
