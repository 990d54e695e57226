import type { Condition } from '@cellar/shared/filter/query';
import { describe, expect, it } from 'vitest';
import {
  listedOwner,
  listedOwners,
  seesOwner,
  seesWarehouses,
  type Viewer,
  type WarehouseWorker,
  warehousesSeen,
  warehousesWorked,
  worksIn,
} from './visibility';

const superadmin: Viewer = { isSuperadmin: true, tenantId: 'PROVIDER-CO' };
/** A reader, a user or a customer admin: tenancy does not depend on the role below the superadmin. */
const client: Viewer = { isSuperadmin: false, tenantId: 'C1' };
const eq = (field: string, ...values: string[]): Condition => ({ field, op: 'eq', values });

describe('Function: seesOwner', () => {
  it.each([
    ['a client, its own company', client, 'C1', true],
    ['a client, another owner', client, 'C2', false],
    ['a client, an owner whose id starts like its own', client, 'C10', false],
    ['the superadmin, any owner', superadmin, 'C2', true],
    ['the superadmin, its own company', superadmin, 'PROVIDER-CO', true],
  ] as const)('%s → %s', (_, viewer, ownerId, expected) => {
    // Act
    const seen = seesOwner(viewer, ownerId);
    // Assess
    expect(seen).toBe(expected);
  });
});

describe('Function: listedOwner', () => {
  it('reads a client’s own company, whatever owner its filter names', () => {
    // Prepare
    const filters = [eq('owner.id', 'C2')];
    // Act
    const owner = listedOwner(client, filters);
    // Assess
    expect(owner).toBe('C1');
  });

  it('reads the one owner the superadmin names', () => {
    // Act
    const owner = listedOwner(superadmin, [eq('name', 'x'), eq('owner.id', 'C2')]);
    // Assess
    expect(owner).toBe('C2');
  });

  it.each([
    ['no filter', []],
    ['two owners named', [eq('owner.id', 'C1', 'C2')]],
    ['an owner filter that is not eq', [{ field: 'owner.id', op: 'startsWith', values: ['C'] } as Condition]],
    ['another field named', [eq('company.uuid', 'C2')]],
  ])('reads every owner for the superadmin with %s', (_, filters) => {
    // Act
    const owner = listedOwner(superadmin, filters);
    // Assess
    expect(owner).toBeUndefined();
  });

  it('reads the owner named in the field the list says (users by company.uuid)', () => {
    // Act
    const named = listedOwner(superadmin, [eq('company.uuid', 'C2')], 'company.uuid');
    const own = listedOwner(client, [eq('company.uuid', 'C2')], 'company.uuid');
    // Assess
    expect(named).toBe('C2');
    expect(own).toBe('C1');
  });
});

describe('Function: listedOwners', () => {
  it.each([
    ['a client, whatever it names', client, [eq('owner.id', 'C2', 'C3')], ['C1']],
    ['a client naming nothing', client, [], ['C1']],
    ['the superadmin naming two owners', superadmin, [eq('owner.id', 'C2', 'C3')], ['C2', 'C3']],
    ['the superadmin naming one', superadmin, [eq('owner.id', 'C2')], ['C2']],
    ['the superadmin naming none', superadmin, [eq('product.code', 'P1')], undefined],
  ])('%s → %j', (_, viewer, filters, expected) => {
    // Act
    const owners = listedOwners(viewer, filters);
    // Assess
    expect(owners).toEqual(expected);
  });
});

describe('Function: warehousesSeen', () => {
  // Prepare
  const all = [{ id: 'W1' }, { id: 'W2' }, { id: 'W3' }];

  it('shows a client only its company’s warehouses', () => {
    // Act
    const seen = warehousesSeen(client, all, ['W3', 'W1', 'W-gone']);
    // Assess
    expect(seen).toEqual([{ id: 'W1' }, { id: 'W3' }]);
  });

  it('shows a company without warehouses none', () => {
    expect(warehousesSeen(client, all, [])).toEqual([]);
  });

  it('shows the superadmin every warehouse, whatever its company holds', () => {
    expect(warehousesSeen(superadmin, all, [])).toEqual(all);
  });
});

describe('Functions: the warehouses a user works in', () => {
  // Prepare
  const worker = (isSuperadmin: boolean, warehouseIds: string[]): WarehouseWorker => ({
    isSuperadmin,
    user: { warehouseIds },
    company: { warehouseIds: ['W1', 'W2', 'W3'] },
  });

  it.each([
    ['a user attached to it', worker(false, ['W1']), 'W1', true],
    ['a user attached elsewhere', worker(false, ['W1']), 'W2', false],
    ['the superadmin, attached to none', worker(true, []), 'W2', true],
  ])('lets %s work in a warehouse: %s', (_, who, warehouseId, expected) => {
    expect(worksIn(who, warehouseId)).toBe(expected);
  });

  it('restricts what a user attached to some of its company’s warehouses sees, and no one else', () => {
    // Act
    const some = warehousesWorked(worker(false, ['W1', 'W3']));
    // Assess
    expect(some && [...some].sort()).toEqual(['W1', 'W3']);
    expect(warehousesWorked(worker(false, ['W3', 'W2', 'W1']))).toBeNull();
    expect(warehousesWorked(worker(true, []))).toBeNull();
  });

  it.each([
    ['touching one of its warehouses', ['W2', 'W1'], true],
    ['touching none of them', ['W2'], false],
    ['touching no warehouse yet', [], true],
  ])('shows a restricted user a document %s: %s', (_, warehouseIds, expected) => {
    expect(seesWarehouses(new Set(['W1']), warehouseIds)).toBe(expected);
    expect(seesWarehouses(null, warehouseIds)).toBe(true);
  });
});
