import { clock } from '@cellar/shared/common/clock';
import type { Product, ProductInput } from '@cellar/shared/products/schemas';
import { pruneInactive, validateAttributes } from '@cellar/shared/referential/attributes';
import { familyAttributes } from '@cellar/shared/referential/data';
import { MESSAGES } from '@cellar/shared/validation/validators';
import type { Caller } from '../caller/principal';
import { seesOwner } from '../caller/visibility';
import type { ContactItem } from '../contacts/repository';
import { findContact } from '../contacts/repository';
import { createChecked } from '../data/bulk';
import { newId } from '../data/ids';
import { type CompanyItem, type References, references } from '../data/reference';
import { type DomainError, InvalidError, NotFoundError } from '../errors';
import { productOfLine, refreshProductOfLines } from '../stocks/repository';
import { suppliersOf, toProduct } from './list';
import { findProduct, insertProduct, type ProductItem, productRecords, replaceProduct } from './repository';

type Refs = References;
const refs = references;

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
  const now = clock.iso();
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

export async function createProduct(caller: Caller, input: ProductInput, recordId = newId()): Promise<Product> {
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
      updatedAt: clock.iso(),
    },
    current,
  );
  // The stock list shows, sorts and filters the product's label, sub-family and attributes from its lines.
  await refreshProductOfLines(saved.ownerId, saved.code, productOfLine(saved));
  return getProduct(caller, id);
}
