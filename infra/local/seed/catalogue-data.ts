/**
 * Generates a realistic catalogue for one owner: products of every family with valid attributes, stock lines
 * with batches, dates and qualities across warehouses, and a year of movements. Used by the demo seed (small)
 * and the benchmarks (large); never deployed.
 */

import type { ProductItem } from '@cellar/functions/products/repository';
import type { MovementItem } from '@cellar/functions/stockMovements/repository';
import { productOfLine, type StockItem } from '@cellar/functions/stocks/repository';
import { offeredItems, pruneInactive, validateAttributes } from '@cellar/shared/referential/attributes';
import { capacityOf, FAMILIES, familyAttributes } from '@cellar/shared/referential/data';
import { weightForCapacity } from '@cellar/shared/validation/validators';
import type { prng } from '../prng';

type Rng = ReturnType<typeof prng>;

const ESTATES = [
  'Château Lafleur',
  'Domaine des Aubuisières',
  'Maison Delamotte',
  'Château Pichon',
  'Domaine Roulot',
  'Château Climens',
  'Domaine Tempier',
  'Maison Jadot',
  'Château Coutet',
  'Domaine Weinbach',
  'Clos des Papes',
  'Château Haut-Bailly',
];
const HOUSES = ['Frapin', 'Dartigalongue', 'Ferrand', 'Laubade', 'Clément', 'Christian Drouin', 'Peyrat', 'Delord'];
const DEGREE: Record<string, string> = { VT: '13.5', VM: '12', PI: '17.5', AE: '40' };
const REASONS: Record<'input' | 'output', [string, string][]> = {
  input: [
    ['REC', 'Réception fournisseur'],
    ['RET', 'Retour client'],
    ['INV+', 'Régularisation d’inventaire'],
  ],
  output: [
    ['CMD', 'Expédition commande'],
    ['CASSE', 'Casse'],
    ['INV-', 'Régularisation d’inventaire'],
  ],
};

const subFamilies = FAMILIES.flatMap((f) => f.children.filter((c) => c.attributes.length > 0));

export function generateProduct(rng: Rng, ownerId: string, warehouseIds: string[], n: number, id: string): ProductItem {
  const sub = rng.pick(subFamilies);
  const definitions = familyAttributes(sub.code) ?? [];
  const values: Record<string, string | boolean> = { ...sub.defaults };
  for (const a of definitions) {
    if (values[a.id] !== undefined) continue;
    if (a.id === 'vintage') values.vintage = String(rng.int(2005, 2023));
    else if (a.id === 'degree') values.degree = DEGREE[String(values.family)] ?? '12';
    else if (a.id === 'isBio') values.isBio = rng.next() < 0.25;
    else if (a.id === 'nomenclature') values.nomenclature = values.family === 'AE' ? '22082012' : '22042138';
    else if (a.id === 'capacity') values.capacity = rng.pick(['CL75', 'CL75', 'CL75', 'CL70', 'CL150', 'CL37_5']);
    else if (a.isSelect) values[a.id] = rng.pick(offeredItems(a, values)).code;
  }
  values.weight = String(weightForCapacity(capacityOf(String(values.capacity)) ?? 75) ?? 1500);
  const attributes = pruneInactive(definitions, values) as Record<string, string | boolean>;
  const errors = validateAttributes(definitions, attributes);
  if (Object.keys(errors).length) throw new Error(`Generated an invalid product: ${JSON.stringify(errors)}`);
  const spirit = attributes.family === 'AE';
  const name = spirit ? `${sub.name} ${rng.pick(HOUSES)}` : `${rng.pick(ESTATES)} ${attributes.vintage ?? ''}`.trim();
  const capacity = capacityOf(String(attributes.capacity));
  const now = new Date().toISOString();
  return {
    id,
    code: `${sub.code.slice(0, 3)}${String(n).padStart(5, '0')}`,
    label: `${name} ${capacity} cl`,
    ownerId,
    warehouseId: rng.pick(warehouseIds),
    supplierId: null,
    familyId: sub.code,
    attributes,
    hasBatch: rng.next() < 0.6,
    hasBbd: false,
    hasUbd: rng.next() < 0.15,
    hidden: rng.next() < 0.05,
    eanUnit: `3${String(rng.int(100000000000, 999999999999))}`,
    eanParcel: '',
    eanPallet: '',
    comment: '',
    stock: { quantity: 0, sellable: {} },
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
}

export function generateStock(
  rng: Rng,
  p: ProductItem,
  warehouseIds: string[],
  segments: ('B2B' | 'B2C' | null)[],
  id: string,
): StockItem {
  const quantity = rng.int(0, 600);
  const quality = rng.next() < 0.85 ? 'STD' : rng.pick(['NCO', 'BLO']);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return {
    id,
    ownerId: p.ownerId,
    productId: p.id,
    productCode: p.code,
    product: productOfLine(p),
    warehouseId: rng.pick(warehouseIds),
    segment: rng.pick(segments),
    quality,
    batch: p.hasBatch ? `L${rng.int(18, 25)}${String(rng.int(1, 999)).padStart(3, '0')}` : null,
    ubd: p.hasUbd ? day(rng.int(30, 900)) : null,
    bbd: p.hasBbd ? day(rng.int(30, 900)) : null,
    quantity,
    quantity_allocated: Math.min(quantity, rng.next() < 0.3 ? rng.int(0, 60) : 0),
    quantity_receive_in_progress: rng.next() < 0.1 ? rng.int(6, 120) : 0,
    quantity_on_arriving: rng.next() < 0.1 ? rng.int(6, 240) : 0,
    storedAt: day(-rng.int(1, 700)),
    createdAt: new Date(Date.now() - rng.int(1, 700) * 86_400_000).toISOString(),
    version: 1,
  };
}

export function generateMovement(
  rng: Rng,
  s: StockItem,
  p: ProductItem,
  warehouse: { id: string; code: string; name: string },
  when: Date,
  id: string,
  names: { recipients: string[]; suppliers: string[] },
  fixed: { direction?: 'input' | 'output'; quantity?: number } = {},
): MovementItem {
  const direction: 'input' | 'output' = fixed.direction ?? (rng.next() < 0.45 ? 'input' : 'output');
  const [reasonCode, reason] =
    fixed.direction === 'input' ? (REASONS.input[0] as [string, string]) : rng.pick(REASONS[direction]);
  const reference = String(rng.int(1, 9999)).padStart(4, '0');
  return {
    id,
    ownerId: s.ownerId,
    date: when.toISOString(),
    reasonCode,
    reason,
    quantity: fixed.quantity ?? rng.pick([6, 12, 24, 36, 60, 120]),
    note: '',
    direction,
    segment: s.segment,
    warehouse,
    stock: {
      id: s.id,
      batch: s.batch,
      ubd: s.ubd,
      bbd: s.bbd,
      quality: s.quality,
      product: { code: p.code, label: p.label },
    },
    order:
      reasonCode === 'CMD'
        ? {
            id: `ORD${id}`,
            reference: `CMD-${when.getUTCFullYear()}-${reference}`,
            recipient: { displayName: rng.pick(names.recipients) },
          }
        : null,
    reception:
      reasonCode === 'REC'
        ? {
            id: `REC${id}`,
            reference: `REC-${when.getUTCFullYear()}-${reference}`,
            supplier: { code: rng.pick(names.suppliers) },
          }
        : null,
  };
}

/**
 * A stock line and the year of movements that made it, oldest first: a first reception, then receptions, returns,
 * orders, breakage and inventory adjustments, none taking more than the line holds. The line holds their sum and
 * nothing allocated, arriving or in progress: those come from the demo's orders and receptions, through the API.
 */
export function generateLedger(
  rng: Rng,
  s: StockItem,
  p: ProductItem,
  warehouse: { id: string; code: string; name: string },
  names: { recipients: string[]; suppliers: string[] },
  newId: () => string,
  /** What the line holds at least at the end: a last reception brings what its history left short. */
  atLeast = 0,
): { stock: StockItem; movements: MovementItem[] } {
  const count = rng.int(3, 14);
  const hours = Array.from({ length: count }, () => rng.int(0, 365 * 24)).sort((a, b) => b - a);
  const movements: MovementItem[] = [];
  let held = 0;
  for (const [i, h] of hours.entries()) {
    const when = new Date(Date.now() - h * 3_600_000);
    let m = generateMovement(rng, s, p, warehouse, when, newId(), names, i === 0 ? { direction: 'input' } : {});
    if (m.direction === 'output' && m.quantity > held)
      m =
        held > 0
          ? { ...m, quantity: held }
          : generateMovement(rng, s, p, warehouse, when, m.id, names, { direction: 'input' });
    held += m.direction === 'input' ? m.quantity : -m.quantity;
    movements.push(m);
  }
  if (held < atLeast) {
    const when = new Date(Date.now() - 3_600_000);
    movements.push(
      generateMovement(rng, s, p, warehouse, when, newId(), names, { direction: 'input', quantity: atLeast - held }),
    );
    held = atLeast;
  }
  return {
    stock: { ...s, quantity: held, quantity_allocated: 0, quantity_receive_in_progress: 0, quantity_on_arriving: 0 },
    movements,
  };
}
