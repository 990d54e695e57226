import { productRoutes } from '@cellar/shared/products/routes';
/**
 * Product rules on the server (spec 3 §5 product): the owner from the token (the superadmin names it), the
 * warehouse defaulting to the owner's only one, a supplier for top agents, a real sub-family, attributes valid
 * for it (inactive values dropped), a unique upper-case code locked on edit, and hasStock computed.
 */

import { NULL_LITERAL } from '@cellar/shared/filter/match';
import { type Condition, type ListQuery, withExportRange } from '@cellar/shared/filter/query';
import { type Product, type ProductInput, productWords } from '@cellar/shared/products/schemas';
import { pruneInactive, validateAttributes } from '@cellar/shared/referential/attributes';
import { familyAttributes, findSubFamily } from '@cellar/shared/referential/data';
import { MESSAGES } from '@cellar/shared/validation/validators';
import { ulid } from 'ulid';
import type { Caller } from '../caller/principal';
import { listedOwner, seesOwner } from '../caller/visibility';
import type { ContactItem } from '../contacts/repository';
import { findContact } from '../contacts/repository';
import { createChecked } from '../data/bulk';
import { mapBounded } from '../data/fan-out';
import type { PlannedList } from '../data/list';
import { type CompanyItem, companyRef, type References, references, warehouseRef } from '../data/reference';
import { type DomainError, InvalidError, NotFoundError } from '../errors';
import type { ListAnswer } from '../platform/http/lists';
import { productOfLine, refreshProductOfLines } from '../stocks/repository';
import {
  countProducts,
  findProduct,
  insertProduct,
  type ProductItem,
  productListScope,
  productRecords,
  productSource,
  replaceProduct,
} from './repository';

type Refs = References;
const refs = references;

/** The sellable quantity of a product, within some warehouses and segments (null: any). */
export function sellable(p: ProductItem, warehouseIds: string[] | null, segments: string[] | null): number {
  let total = 0;
  for (const [key, qty] of Object.entries(p.stock?.sellable ?? {})) {
    const [warehouseId, segment] = key.split('|');
    if (warehouseIds && !warehouseIds.includes(String(warehouseId))) continue;
    if (segments && !segments.includes(segment === '-' ? NULL_LITERAL : String(segment))) continue;
    total += qty;
  }
  return total;
}

export function toProduct(
  p: ProductItem,
  r: Refs,
  supplier?: { id: string; code: string; name: string } | null,
): Product {
  const family = findSubFamily(p.familyId);
  return {
    id: p.id,
    code: p.code,
    label: p.label,
    ownerId: p.ownerId,
    owner: companyRef(r.companies.get(p.ownerId)),
    warehouseId: p.warehouseId,
    warehouse: p.warehouseId ? (warehouseRef(r.warehouses.get(p.warehouseId)) ?? null) : null,
    supplierId: p.supplierId,
    supplier: supplier ?? null,
    familyId: p.familyId,
    family: family
      ? { id: family.code, name: family.name, parent: { id: family.parent.code, name: family.parent.name } }
      : null,
    attributes: p.attributes,
    hasBatch: p.hasBatch,
    hasBbd: p.hasBbd,
    hasUbd: p.hasUbd,
    hidden: p.hidden,
    eanUnit: p.eanUnit,
    eanParcel: p.eanParcel,
    eanPallet: p.eanPallet,
    comment: p.comment,
    hasStock: (p.stock?.quantity ?? 0) > 0,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

async function suppliersOf(items: readonly { supplierId?: string | null }[]) {
  const ids = [...new Set(items.map((p) => p.supplierId).filter((id): id is string => Boolean(id)))];
  const found = await mapBounded(ids, findContact);
  return new Map(
    found
      .filter((c) => c !== undefined)
      .map((c) => [c.id, { id: c.id, code: c.code, name: c.address.company || c.address.name }]),
  );
}

const isExternal = (c: Condition) => c.field.startsWith('stocks.') || c.field === 'warehouse.uuid';

/** The order and reception grids' filters: sellable stock in given warehouses and segments. */
function sellablePredicate(conditions: readonly Condition[]): ((p: ProductItem) => boolean) | undefined {
  const wantsStock = conditions.some((c) => c.field === 'stocks.available' || c.field === 'stocks.quality');
  const warehouse = conditions.find((c) => c.field === 'warehouse.uuid');
  const segment = conditions.find((c) => c.field === 'stocks.segment');
  if (!wantsStock) {
    if (!warehouse && !segment) return undefined;
    return (p) => !warehouse || warehouse.values.includes(String(p.warehouseId));
  }
  return (p) => sellable(p, warehouse?.values ?? null, segment?.values ?? null) > 0;
}

/** The `q` and `hidden` parameters are the search and the hidden filter by other names. */
function paramConditions(q: ListQuery): Condition[] {
  const out: Condition[] = [];
  if (q.params.q) out.push({ field: 'search', op: 'eq', values: [q.params.q] });
  // true or false: the list refuses any other value (LIST_PARAM_VALUES).
  if (q.params.hidden !== undefined) out.push({ field: 'hidden', op: 'eq', values: [q.params.hidden] });
  return out;
}

/**
 * The list's plan (PRODUCT_LIST.indexes): one owner's products, or every owner's for the superadmin. The stock
 * filters (sellable in some warehouses and segments) are answered from each product's stock summary.
 */
async function plan(caller: Caller, q: ListQuery): Promise<PlannedList<Product>> {
  const owner = listedOwner(caller, q.filters) ?? 'all';
  const stock = sellablePredicate(q.filters);
  const conditions = [
    ...q.filters.filter((c) => !isExternal(c) && !(c.field === 'owner.id' && owner !== 'all' && caller.isSuperadmin)),
    ...paramConditions(q),
  ];
  const r = await refs();
  // The stored item behind each row, for the stock filters.
  const items = new WeakMap<Product, ProductItem>();
  return {
    spec: productRoutes.productList.list,
    keySource: productSource(owner),
    keySort: { field: 'code', desc: false },
    sortScope: owner === 'all' ? undefined : productListScope(owner),
    searchScope: productListScope(owner),
    conditions,
    sort: q.sort,
    map: (raw) => {
      const item = productRecords.parse(raw);
      const view = toProduct(item, r);
      items.set(view, item);
      return view;
    },
    id: (p) => p.id,
    words: productWords,
    visible: stock ? (p) => stock(items.get(p) as ProductItem) : undefined,
    total: () => countProducts(owner, false),
  };
}

/** The product list: its page (with each product's supplier) or its export. */
export async function productList(caller: Caller, query: ListQuery): Promise<ListAnswer<Product>> {
  const q = withExportRange(query, 'createdAt');
  return {
    plan: await plan(caller, q),
    filename: 'products.csv',
    present: async (rows) => {
      const suppliers = await suppliersOf(rows);
      return rows.map((p) => ({ ...p, supplier: suppliers.get(p.supplierId ?? '') ?? null }));
    },
  };
}

export async function getProduct(caller: Caller, id: string): Promise<Product> {
  const item = await findProduct(id);
  if (!item || !seesOwner(caller, item.ownerId)) throw new NotFoundError();
  const suppliers = await suppliersOf([item]);
  return toProduct(item, await refs(), suppliers.get(item.supplierId ?? '') ?? null);
}

/** The fields a create or an update takes from the input as they are. */
const editable = (input: ProductInput) => ({
  label: input.label,
  supplierId: input.supplierId ?? null,
  familyId: input.familyId,
  hasBatch: input.hasBatch,
  hasBbd: input.hasBbd,
  hasUbd: input.hasUbd,
  hidden: input.hidden,
  eanUnit: input.eanUnit,
  eanParcel: input.eanParcel,
  eanPallet: input.eanPallet,
  comment: input.comment,
});

/** How a product's supplier is found: by id (an import remembers the few suppliers of its rows). */
type SupplierLookup = (id: string) => Promise<ContactItem | undefined>;

/** Checks the input against the owner and the referential; returns the values to store. */
async function checked(input: ProductInput, owner: CompanyItem, findSupplier: SupplierLookup = findContact) {
  const errors: Record<string, string[]> = {};
  const say = (key: string) => [key];
  let warehouseId = input.warehouseId ?? null;
  if (!warehouseId && owner.warehouseIds.length === 1) warehouseId = owner.warehouseIds[0] ?? null;
  if (!warehouseId) errors.warehouseId = say(MESSAGES.required);
  else if (!owner.warehouseIds.includes(warehouseId)) errors.warehouseId = say(MESSAGES.invalid);
  if (input.supplierId) {
    const supplier = await findSupplier(input.supplierId);
    if (supplier?.type !== 'supplier' || supplier.ownerId !== owner.id) errors.supplierId = say(MESSAGES.invalid);
  } else if (owner.isTopAgent) {
    errors.supplierId = say(MESSAGES.required);
  }
  const definitions = familyAttributes(input.familyId);
  if (!definitions) errors.familyId = say(MESSAGES.invalid);
  const known = Object.fromEntries(
    Object.entries(input.attributes).filter(([k]) => definitions?.some((a) => a.id === k)),
  );
  const attributes = definitions ? pruneInactive(definitions, known) : {};
  for (const [field, key] of Object.entries(definitions ? validateAttributes(definitions, attributes) : {})) {
    errors[`attributes.${field}`] = say(key);
  }
  if (Object.keys(errors).length) throw new InvalidError(errors);
  return { warehouseId, attributes: attributes as ProductItem['attributes'] };
}

/** A new product as the caller may create it (its owner, warehouse, supplier and attributes checked), unsaved. */
async function newProduct(
  caller: Caller,
  input: ProductInput,
  recordId: string,
  r: Refs,
  findSupplier?: SupplierLookup,
): Promise<ProductItem> {
  const ownerId = caller.isSuperadmin ? input.ownerId : caller.tenantId;
  const owner = ownerId ? r.companies.get(ownerId) : undefined;
  if (!owner) throw new InvalidError({ ownerId: [ownerId ? MESSAGES.invalid : MESSAGES.required] });
  const { warehouseId, attributes } = await checked(input, owner, findSupplier);
  const now = new Date().toISOString();
  return {
    id: recordId,
    code: input.code,
    ownerId: owner.id,
    warehouseId,
    attributes,
    ...editable(input),
    stock: { quantity: 0, sellable: {} },
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
}

const CODE_CLASH = { code: [MESSAGES.unique] };

export async function createProduct(caller: Caller, input: ProductInput, recordId = ulid()): Promise<Product> {
  const product = await newProduct(caller, input, recordId, await refs());
  await insertProduct(product, CODE_CLASH);
  return getProduct(caller, product.id);
}

/**
 * Creates many products at once (an import's chunk), each checked by the rules of `createProduct` (each supplier
 * read once for the chunk) and written with the same conditions: answers, in order, nothing for a product created
 * (or found already created with its id) and the error that refused it otherwise.
 */
export async function createProducts(
  caller: Caller,
  rows: readonly { input: ProductInput; id: string }[],
  concurrency?: number,
): Promise<(DomainError | undefined)[]> {
  const r = await refs();
  const suppliers = new Map<string, Promise<ContactItem | undefined>>();
  const findSupplier: SupplierLookup = (id) => {
    const found = suppliers.get(id) ?? findContact(id);
    suppliers.set(id, found);
    return found;
  };
  return createChecked(
    rows,
    ({ input, id }) => newProduct(caller, input, id, r, findSupplier),
    (items) => productRecords.insertMany(items, CODE_CLASH, concurrency),
  );
}

export async function updateProduct(caller: Caller, id: string, input: ProductInput): Promise<Product> {
  const current = await findProduct(id);
  if (!current || !seesOwner(caller, current.ownerId)) throw new NotFoundError();
  const owner = (await refs()).companies.get(current.ownerId);
  if (!owner) throw new NotFoundError();
  const { warehouseId, attributes } = await checked(input, owner);
  const saved = await replaceProduct(
    {
      ...current,
      ...editable(input),
      warehouseId,
      attributes,
      updatedAt: new Date().toISOString(),
    },
    current,
  );
  // The stock list shows, sorts and filters the product's label, sub-family and attributes from its lines.
  await refreshProductOfLines(saved.ownerId, saved.code, productOfLine(saved));
  return getProduct(caller, id);
}
