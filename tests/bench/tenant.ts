/**
 * The benchmarks' tenants, written once: a client company with its admin, as the entity layer stores them, and the
 * admin's sign-in through the runtime. Each benchmark then writes its own rows beside them.
 */

import { hashPassword } from '../../functions/src/auth/passwords';
import { companyItems, newCompany } from '../../functions/src/companies/repository';
import { documentClient } from '../../functions/src/data/client';
import type { Item } from '../../functions/src/data/table';
import type { ProductItem } from '../../functions/src/products/repository';
import { type UserItem, userItems } from '../../functions/src/users/repository';

export const BENCH_PASSWORD = 'bench-password-2026';

export interface BenchTenant {
  /** The company's id and code. */
  id: string;
  warehouseIds: string[];
  /** The admin's e-mail. */
  email: string;
  /** The admin's last name (the user list sorts by it). */
  lastname?: string;
}

/** A user of a bench company (the admin unless `patch` says otherwise), signing in with BENCH_PASSWORD. */
export async function benchUser(t: BenchTenant, patch: Partial<UserItem> = {}): Promise<UserItem> {
  return {
    id: `U-${t.id}`,
    email: t.email,
    passwordHash: await hashPassword(BENCH_PASSWORD),
    firstname: 'Bench',
    lastname: t.lastname ?? t.id,
    roleLevel: 10,
    active: true,
    locale: 'fr-FR',
    companyId: t.id,
    companyCode: t.id,
    warehouseIds: t.warehouseIds,
    scope: ['*'],
    notificationChannels: [],
    childIds: [],
    createdAt: new Date().toISOString(),
    version: 1,
    ...patch,
  };
}

/** The items of a client company (both segments, every module) and of its admin. */
export async function benchTenantItems(t: BenchTenant): Promise<Item[]> {
  return [
    ...companyItems(
      newCompany({ id: t.id, code: t.id, name: `Bench ${t.id}`, address: {}, warehouseIds: t.warehouseIds }),
    ),
    ...userItems(await benchUser(t)),
  ];
}

/** Signs a bench user in through the runtime; returns its access token. */
export async function benchSignIn(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`Bench sign-in of ${email} answered ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A red wine of a bench owner, managed by batch, as the entity layer stores it; `patch` names it otherwise. */
export function benchProduct(
  owner: string,
  warehouseId: string,
  patch: Pick<ProductItem, 'id' | 'code' | 'label'> & Partial<ProductItem>,
): ProductItem {
  const now = new Date().toISOString();
  return {
    ownerId: owner,
    warehouseId,
    supplierId: null,
    familyId: 'WINE_RED',
    attributes: {},
    hasBatch: true,
    hasBbd: false,
    hasUbd: false,
    hidden: false,
    eanUnit: '',
    eanParcel: '',
    eanPallet: '',
    comment: '',
    stock: { quantity: 0, sellable: {} },
    createdAt: now,
    updatedAt: now,
    version: 1,
    ...patch,
  };
}

/** Counts the items every DynamoDB write of this process touches (batch items one by one). */
export function countWrites(): { writes: number } {
  const counter = { writes: 0 };
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      const name = context.commandName ?? '';
      const input = args.input as { RequestItems?: Record<string, unknown[]> };
      if (name === 'BatchWriteItemCommand') {
        counter.writes += Object.values(input.RequestItems ?? {}).reduce((a, l) => a + l.length, 0);
      } else if (/^(Put|Update|Delete)ItemCommand$/.test(name)) counter.writes++;
      return next(args);
    },
    { step: 'initialize', name: 'benchWriteCounter' },
  );
  return counter;
}
