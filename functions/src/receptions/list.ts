import { receptionRoutes } from '@cellar/shared/receptions/routes';
/**
 * The reception list and its CSV export (spec 3 §2, §7), answered from the list's plan, and the reception as the
 * API shows it. Kept apart from the writes so that the export worker does not carry the stock effects.
 */

import { SEGMENT_CODES } from '@cellar/shared/common/schemas';
import { type ListQuery, withExportRange } from '@cellar/shared/filter/query';
import { type Reception, receptionWords } from '@cellar/shared/receptions/schemas';
import { findSubFamily } from '@cellar/shared/referential/data';
import type { Caller } from '../caller/principal';
import { listedOwner, segmentsSeen } from '../caller/visibility';
import { type ContactItem, contactRecords } from '../contacts/repository';
import { keys } from '../data/keys';
import type { PlannedList } from '../data/list';
import { companyRef, type References, references, SEGMENTS, warehouseRef } from '../data/reference';
import { batchGet } from '../data/table';
import type { ListAnswer } from '../platform/http/lists';
import { type ProductItem, productRecords } from '../products/repository';
import {
  countReceptions,
  type ReceptionItem,
  type ReceptionLineItem,
  receptionListScope,
  receptionRecords,
  receptionSource,
} from './repository';

interface Extras {
  products?: Map<string, ProductItem>;
  suppliers?: Map<string, ContactItem>;
  include: Set<string>;
}

function lineView(l: ReceptionLineItem, r: ReceptionItem, refs: References, x: Extras) {
  const p = x.products?.get(l.productCode);
  const family = p && (x.include.has('stocks.product.family') ? findSubFamily(p.familyId) : undefined);
  return {
    id: l.id,
    position: l.position,
    stockId: l.stockId,
    product: {
      id: l.productId,
      code: l.productCode,
      label: p?.label ?? l.productLabel,
      hasBatch: p?.hasBatch ?? false,
      hasBbd: p?.hasBbd ?? false,
      hasUbd: p?.hasUbd ?? false,
      ...(family ? { family: { id: family.code, name: family.name } } : {}),
      ...(p && x.include.has('stocks.product.attributes') ? { attributes: p.attributes } : {}),
    },
    warehouse: warehouseRef(refs.warehouses.get(r.warehouse.id)) ?? r.warehouse,
    quality: l.quality,
    batch: l.batch,
    ubd: l.ubd,
    bbd: l.bbd,
    expected: l.expected,
    received: l.received,
    note: l.note,
  };
}

export function toReception(r: ReceptionItem, refs: References, x: Extras = { include: new Set() }): Reception {
  const owner = refs.companies.get(r.ownerId);
  const supplier = r.supplier ? (x.suppliers?.get(r.supplier.id) ?? undefined) : undefined;
  return {
    id: r.id,
    reference: r.reference,
    expectedAt: r.expectedAt,
    statusCode: r.statusCode,
    ownerId: r.ownerId,
    owner: owner
      ? {
          ...(companyRef(owner) as { id: string; code: string; name: string }),
          segments: owner.segments.map((s) => SEGMENTS[s]),
          isPooledActivity: owner.isPooledActivity,
        }
      : undefined,
    segment: r.segment,
    warehouseId: r.warehouse.id,
    warehouse: warehouseRef(refs.warehouses.get(r.warehouse.id)) ?? r.warehouse,
    supplierId: r.supplier?.id ?? null,
    supplier: r.supplier
      ? {
          id: r.supplier.id,
          code: r.supplier.code,
          name: supplier ? supplierName(supplier) : r.supplier.name,
          ...(supplier && x.include.has('supplier.address') ? { address: supplier.address } : {}),
        }
      : null,
    stocks: x.products ? r.lines.map((l) => lineView(l, r, refs, x)) : undefined,
    lineCount: r.lines.length,
    expectedQuantity: r.expectedQuantity,
    receivedQuantity: r.receivedQuantity,
    arrivedAt: r.arrivedAt,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

export const supplierName = (c: ContactItem) => c.address.company || c.address.name || c.code;

/** The current supplier contacts of some receptions (their name and address may have changed since). */
export async function suppliersOf(rs: readonly { ownerId: string; supplier?: { code: string } | null }[]) {
  const wanted = new Map<string, { ownerId: string; code: string }>();
  for (const r of rs) if (r.supplier) wanted.set(`${r.ownerId}|${r.supplier.code}`, { ...r, code: r.supplier.code });
  const items = await batchGet([...wanted.values()].map((r) => keys.contact(r.ownerId, 'supplier', r.code)));
  const out = new Map<string, ContactItem>();
  for (const i of items) {
    const c = contactRecords.parse(i);
    out.set(c.id, c);
  }
  return out;
}

async function _productsOf(r: ReceptionItem): Promise<Map<string, ProductItem>> {
  const codes = [...new Set(r.lines.map((l) => l.productCode))];
  const items = await batchGet(codes.map((code) => keys.product(r.ownerId, code)));
  return new Map(items.map((i) => productRecords.parse(i)).map((p) => [p.code, p]));
}

// ── list ──────────────────────────────────────────────────────────────────────────────────────────────────────

async function plan(caller: Caller, q: ListQuery): Promise<PlannedList<Reception>> {
  const owner = listedOwner(caller, q.filters) ?? 'all';
  const segments = segmentsSeen(caller);
  const conditions = q.filters.filter((c) => !(c.field === 'owner.id' && owner !== 'all' && caller.isSuperadmin));
  const refs = await references();
  return {
    spec: receptionRoutes.receptionList.list,
    keySource: receptionSource(owner),
    keySort: { field: 'createdAt', desc: true },
    sortScope: owner === 'all' ? undefined : receptionListScope(owner),
    searchScope: receptionListScope(owner),
    conditions,
    sort: q.sort,
    map: (item) => toReception(receptionRecords.parse(item), refs),
    id: (r) => r.id,
    words: (r) => receptionWords(r),
    visible: segments ? (r) => segments.includes(r.segment) : undefined,
    total: () => countReceptions(owner, segments ?? [...SEGMENT_CODES, null]),
    // Ids are ULIDs made with the reception: one value's range of any list-sort index is in creation order, so a
    // status or supplier filter in the default sort reads that range newest first, a page at a time.
    idOrdered: owner !== 'all',
  };
}

/** The page's rows with the current supplier (and its address) when asked. */
async function withSuppliers(rows: Reception[], q: ListQuery): Promise<Reception[]> {
  if (!q.include.some((i) => i.startsWith('supplier'))) return rows;
  const suppliers = await suppliersOf(rows);
  const withAddress = q.include.includes('supplier.address');
  return rows.map((r) => {
    const c = r.supplier ? suppliers.get(r.supplier.id) : undefined;
    if (!r.supplier || !c) return r;
    return {
      ...r,
      supplier: { ...r.supplier, name: supplierName(c), ...(withAddress ? { address: c.address } : {}) },
    };
  });
}

/** The reception list: its page (with the suppliers as they are now) or its export. */
export async function receptionList(caller: Caller, query: ListQuery): Promise<ListAnswer<Reception>> {
  const q = withExportRange(query, 'createdAt');
  return { plan: await plan(caller, q), filename: 'receptions.csv', present: (rows) => withSuppliers(rows, q) };
}
