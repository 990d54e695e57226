/**
 * The order import's writes: one order from the rows that share a reference, created through the orders service
 * (`createOrder`) as the uploader, so that its rules and its stock effects are the API's (a send allocates every
 * line, or nothing and a 409). The rows name codes; the order body names ids: the recipient contact (its address
 * copied, as the wizard copies it), the carrier, and for each line the stock lines (lots) it takes, filled first
 * expired first out from the owner's sellable lots in the warehouses the uploader works in (`lotsFor`, `lineStocks`,
 * the rules the browser's preview plans with).
 *
 * Exactly once: the order's `Idempotency-Key` is derived from the job and the reference. An attempt that resumes a
 * job finds the order a dead attempt created under that key before choosing lots again (which that order's
 * allocation has since changed), and counts it as created.
 *
 * A refused order is no order: the service keeps a send it could not allocate as a draft (the wizard's cart goes
 * on from it); an import deletes that draft, so that the refused rows, once corrected, import again under their
 * reference.
 */
import { createHash } from 'node:crypto';
import { addressFields } from '@cellar/shared/common/address';
import type { SegmentCode } from '@cellar/shared/common/schemas';
import {
  type ImportLot,
  lineStocks,
  lotsFor,
  ORDER_IMPORT_MESSAGES,
  type OrderRow,
} from '@cellar/shared/imports/orders';
import type { CellMessage } from '@cellar/shared/imports/templates';
import { type OrderCreate, orderCreateSchema } from '@cellar/shared/orders/schemas';
import { EXCLUDED_QUALITIES } from '@cellar/shared/stocks/schemas';
import type { Caller } from '../caller/principal';
import { worksIn } from '../caller/visibility';
import { type ContactItem, contactRecords } from '../contacts/repository';
import { keys } from '../data/keys';
import type { CompanyItem } from '../data/reference';
import { ConflictError } from '../errors';
import { findOrderOfKey } from '../orders/repository';
import { createOrder, deleteOrder } from '../orders/service';
import { productRecords } from '../products/repository';
import { stockRecords } from '../stocks/repository';

/** The key of an imported order's creation: the same for every attempt at the job, one per reference. */
export function importOrderKey(jobId: string, reference: string): string {
  return `import-${jobId}-${createHash('sha256').update(reference).digest('base64url').slice(0, 22)}`;
}

/** An order of the file: its rows (file order), each checked valid, with the row schema's output. */
export interface ImportedOrder {
  reference: string;
  rows: { row: number; input: OrderRow }[];
}

/** Why an order could not be made from its rows: messages on cells of some rows (the others are refused with it). */
export type OrderProblem = { row: number | 'all'; column: string; message: CellMessage };

/** A code as written, then in capitals (codes are written in capitals; a file may not be). */
const codes = (code: string) => [...new Set([code.trim(), code.trim().toUpperCase()])];

async function byCode<T>(get: (code: string) => Promise<T | undefined>, code: string): Promise<T | undefined> {
  for (const c of codes(code)) {
    const found = await get(c);
    if (found) return found;
  }
  return undefined;
}

const excluded = new Set<string>(EXCLUDED_QUALITIES);

/** A product's lots the order may take: the owner's, of a sellable quality, in a warehouse the caller works in. */
async function lotsOf(caller: Caller, ownerId: string, productCode: string): Promise<ImportLot[]> {
  const out: ImportLot[] = [];
  for await (const s of stockRecords.query({ pk: keys.tenant(ownerId), skPrefix: keys.stockPrefix(productCode) })) {
    if (excluded.has(s.quality) || !worksIn(caller, s.warehouseId)) continue;
    out.push({
      stockId: s.id,
      productCode: s.productCode,
      warehouseId: s.warehouseId,
      segment: s.segment,
      batch: s.batch,
      ubd: s.ubd,
      bbd: s.bbd,
      available: Math.max(0, s.quantity - s.quantity_allocated),
      createdAt: s.createdAt,
    });
  }
  return out;
}

/**
 * The order's body, from its rows and what the codes name now; or the problems that stop it (an unknown recipient,
 * carrier or product, a line no lot can take).
 */
export async function orderBody(
  caller: Caller,
  owner: CompanyItem,
  order: ImportedOrder,
): Promise<{ body: OrderCreate } | { problems: OrderProblem[] }> {
  const head = (order.rows[0] as { input: OrderRow }).input;
  const problems: OrderProblem[] = [];
  const recipient = await byCode((c) => contactRecords.get(keys.contact(owner.id, 'recipient', c)), head.customerId);
  if (!recipient)
    problems.push({ row: 'all', column: 'recipient', message: { key: ORDER_IMPORT_MESSAGES.unknownRecipient } });
  let carrier: ContactItem | undefined;
  if (head.carrierId) {
    // The owner's own carriers, else the provider's (their own owners); the service checks the owner may use it.
    carrier =
      (await byCode((c) => contactRecords.get(keys.contact(owner.id, 'carrier', c)), head.carrierId)) ??
      (await byCode((c) => contactRecords.get(keys.contact(null, 'carrier', c)), head.carrierId));
    if (!carrier)
      problems.push({ row: 'all', column: 'carrier', message: { key: ORDER_IMPORT_MESSAGES.unknownCarrier } });
  }
  // Each product once: its code as stored, and its lots.
  const products = new Map<string, { code: string; lots: ImportLot[] } | null>();
  for (const { input } of order.rows) {
    const asked = input.line.productCode;
    if (products.has(asked)) continue;
    const product = await byCode((c) => productRecords.get(keys.product(owner.id, c)), asked);
    products.set(
      asked,
      product && !product.hidden ? { code: product.code, lots: await lotsOf(caller, owner.id, product.code) } : null,
    );
  }
  const taken = new Map<string, number>();
  const stocks: { stockId: string; ordered: number }[] = [];
  for (const { row, input } of order.rows) {
    const product = products.get(input.line.productCode);
    if (!product) {
      problems.push({ row, column: 'product', message: { key: ORDER_IMPORT_MESSAGES.unknownProduct } });
      continue;
    }
    const demand = {
      productCode: product.code,
      batch: input.line.batch,
      quantity: input.line.ordered,
      segment: (input.segment ?? null) as SegmentCode | null,
      warehouseId: input.warehouseId ?? null,
    };
    // What this order's earlier lines took is not there for this one.
    const lots = lotsFor(product.lots, demand, owner.isPooledActivity).map((l) => ({
      ...l,
      available: Math.max(0, l.available - (taken.get(l.stockId) ?? 0)),
    }));
    const line = lineStocks(lots, input.line.ordered);
    if (!line.length) {
      problems.push({ row, column: 'product', message: { key: ORDER_IMPORT_MESSAGES.noStock } });
      continue;
    }
    for (const l of line) taken.set(l.stockId, (taken.get(l.stockId) ?? 0) + l.ordered);
    stocks.push(...line);
  }
  if (problems.length || !recipient) return { problems };
  const body = orderCreateSchema.parse({
    ...(caller.isSuperadmin ? { ownerId: owner.id } : {}),
    segment: head.segment ?? null,
    reference: head.reference,
    type: head.type ?? null,
    warehouseId: head.warehouseId ?? null,
    recipient: addressFields.parse(recipient.address),
    customerId: recipient.id,
    carrierId: carrier?.id ?? null,
    serviceCode: head.serviceCode || null,
    pickupManagedByProduct: 1,
    shippingLabelRequired: 0,
    deliveryDate: head.deliveryDate ?? null,
    deliveryComment: head.deliveryComment,
    preparationComment: head.preparationComment,
    stocks,
    statusCode: head.send ? '005' : '000',
  });
  return { body };
}

/**
 * Creates one order of the file as the uploader, once: an order a dead attempt created under the job's key for this
 * reference is found, not made again. Throws the service's refusal (a DomainError) when it refuses the order; answers
 * the problems of its rows when the codes do not name what the order needs.
 */
export async function importOrder(
  caller: Caller,
  owner: CompanyItem,
  jobId: string,
  order: ImportedOrder,
): Promise<OrderProblem[]> {
  const key = importOrderKey(jobId, order.reference);
  const send = (order.rows[0] as { input: OrderRow }).input.send;
  const earlier = await findOrderOfKey(owner.id, key);
  if (earlier && (earlier.statusCode !== '000' || !send)) return [];
  // A send's draft left by an attempt that died before deleting it: refused then, tried again now.
  if (earlier) await deleteOrder(caller, earlier.id);
  const made = await orderBody(caller, owner, order);
  if ('problems' in made) return made.problems;
  try {
    // A send is told to the warehouse at once, as the API's handler tells it (the sweep would, a minute later).
    const { tellOrder } = await import('../orders/warehouse-messages');
    await createOrder(caller, made.body, key, { tell: tellOrder });
  } catch (e) {
    if (send && e instanceof ConflictError) await dropUnsent(caller, owner.id, key);
    throw e;
  }
  return [];
}

/** Deletes the draft a refused send left under the key, if it did. */
async function dropUnsent(caller: Caller, ownerId: string, key: string) {
  const left = await findOrderOfKey(ownerId, key);
  if (left?.statusCode === '000') await deleteOrder(caller, left.id);
}
