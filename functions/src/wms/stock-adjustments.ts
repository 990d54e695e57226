/**
 * Stock the warehouse adjusts outside any order or reception (shared/wms/contract.ts `stock.adjusted`: an inventory
 * count, a breakage, a customer return): one movement, applied through the document kernel (ledger.ts) as a
 * document of its own, keyed by the warehouse's id of the adjustment, so that a report delivered twice is applied
 * once (the second finds the adjustment there). A lot the adjustment names that Cellar does not know yet (a return
 * of an old batch) gets its stock line. The adjustment is a fact: it applies even where it leaves less than what
 * orders hold.
 *   adjustment   PK T#<owner>   SK ADJUSTMENT#<warehouse's id>
 */
import type { WmsReportOf } from '@cellar/shared/wms/contract';
import * as z from 'zod';
import { defineEntity } from '../data/entity';
import { keys } from '../data/keys';
import { references } from '../data/reference';
import { InvalidReportError, StaleVersionError } from '../errors';
import { findProductByCode } from '../products/repository';
import type { MovementItem } from '../stockMovements/repository';
import { NO_DELTA } from '../stocks/effects';
import { commitDocument, type DocumentKind, type LedgerEffect } from '../stocks/ledger';
import { lotLine } from '../stocks/lots';
import { productOfLine, type StockItem } from '../stocks/repository';
import { type ClientEvent, clientEventId, clientEventPut, handOutNow, hasEndpoints } from '../webhooks/events';

const adjustmentSchema = z.object({
  id: z.string(),
  ownerId: z.string(),
  statusCode: z.literal('applied'),
  lines: z.array(z.unknown()),
  seq: z.number().int(),
  version: z.number().int(),
  transition: z.null(),
  stockId: z.string(),
  productCode: z.string(),
  productLabel: z.string(),
  warehouse: z.object({ id: z.string(), code: z.string(), name: z.string() }),
  quantity: z.number().int(),
  reasonCode: z.string(),
  reason: z.string(),
  note: z.string(),
  at: z.string(),
});
type AdjustmentItem = z.infer<typeof adjustmentSchema>;

const adjustmentRecords = defineEntity<AdjustmentItem>({
  name: 'adjustment',
  schema: adjustmentSchema,
  key: (a) => ({ PK: keys.tenant(a.ownerId), SK: `ADJUSTMENT#${a.id}` }),
});

async function adjustmentMovement(a: AdjustmentItem, e: LedgerEffect, stock: StockItem): Promise<MovementItem> {
  return {
    id: e.movement?.id ?? `${a.id}-adj`,
    ownerId: a.ownerId,
    date: a.at,
    reasonCode: a.reasonCode,
    reason: a.reason,
    quantity: Math.abs(a.quantity),
    note: a.note,
    direction: a.quantity > 0 ? 'input' : 'output',
    segment: stock.segment,
    warehouse: a.warehouse,
    stock: {
      id: stock.id,
      batch: stock.batch,
      ubd: stock.ubd,
      bbd: stock.bbd,
      quality: stock.quality,
      product: { code: a.productCode, label: a.productLabel },
    },
    order: null,
    reception: null,
  };
}

const adjustmentKind: DocumentKind<AdjustmentItem> = {
  name: 'adjustment',
  entity: adjustmentRecords,
  movement: adjustmentMovement,
};

/** Applies a warehouse's adjustment once: `applied`, or `stale` when it was already. */
export async function applyStockAdjustment(r: WmsReportOf<'stock.adjusted'>): Promise<'applied' | 'stale'> {
  const refs = await references();
  const owner = [...refs.companies.values()].find((c) => c.code === r.ownerCode);
  const warehouse = [...refs.warehouses.values()].find((w) => w.code === r.warehouseCode);
  if (!owner || !warehouse)
    throw new InvalidReportError(`Unknown owner ${r.ownerCode} or warehouse ${r.warehouseCode}`);
  if (await adjustmentRecords.get({ PK: keys.tenant(owner.id), SK: `ADJUSTMENT#${r.documentId}` })) return 'stale';
  const product = await findProductByCode(owner.id, r.productCode);
  if (!product) throw new InvalidReportError(`Unknown product ${r.productCode} of ${r.ownerCode}`);
  const stockId = await lotLine(
    {
      ownerId: owner.id,
      productId: product.id,
      productCode: product.code,
      warehouseId: warehouse.id,
      segment: owner.isPooledActivity ? null : r.segment,
      quality: r.quality,
      batch: r.batch,
      ubd: r.ubd,
      bbd: r.bbd,
    },
    productOfLine(product),
  );
  const record: AdjustmentItem = {
    id: r.documentId,
    ownerId: owner.id,
    statusCode: 'applied',
    lines: [],
    seq: 1,
    version: 1,
    transition: null,
    stockId,
    productCode: product.code,
    productLabel: product.label,
    warehouse: { id: warehouse.id, code: warehouse.code, name: warehouse.name },
    quantity: r.quantity,
    reasonCode: r.reasonCode,
    reason: r.reason,
    note: r.note ?? '',
    at: r.at,
  };
  const effect: LedgerEffect = {
    stockId,
    productCode: product.code,
    delta: { ...NO_DELTA, quantity: r.quantity },
    shortageAllowed: true,
    movement: { op: 'write', id: `${r.documentId}-adj`, at: r.at, quantity: Math.abs(r.quantity) },
  };
  const heard: ClientEvent = {
    type: 'stock.adjusted',
    ownerId: owner.id,
    kind: 'adjustment',
    documentId: r.documentId,
    seq: 1,
    at: r.at,
    data: {
      adjustment: { id: r.documentId },
      productCode: product.code,
      warehouseCode: warehouse.code,
      quantity: r.quantity,
      reasonCode: r.reasonCode,
      reason: r.reason,
      batch: r.batch,
    },
  };
  const hooked = await hasEndpoints(owner.id);
  try {
    await commitDocument(adjustmentKind, {
      next: record,
      previous: undefined,
      effects: [effect],
      to: 'applied',
      restore: { statusCode: 'applied', lines: [] },
      at: r.at,
      // The client's systems hear of it through their webhooks, if it has any.
      extra: hooked ? [clientEventPut(heard)] : [],
    });
  } catch (e) {
    // Another delivery of the same report applied it first.
    if (e instanceof StaleVersionError) return 'stale';
    throw e;
  }
  if (hooked) await handOutNow(clientEventId(heard));
  return 'applied';
}
