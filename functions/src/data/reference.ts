/**
 * Companies and warehouses are few and read on almost every request (owner names, tenant segments):
 * one container keeps them for a few seconds instead of reading them item by item.
 */

import { COMPANY_LIST, companyWords } from '@cellar/shared/companies/list';
import * as z from 'zod';
import { documentClient } from './client';
import { defineEntity } from './entity';
import { keys } from './keys';
import { type Item, queryAll } from './table';

const TTL_MS = 5_000;
/** `client`: the table's client it was read through (another one is another table: on-first-use.ts). */
type Cache<T> = { at: number; client: unknown; value: Promise<Map<string, T>> } | undefined;

const companyItemSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  address: z.record(z.string(), z.unknown()),
  warehouseIds: z.array(z.string()),
  segments: z.array(z.enum(['B2B', 'B2C'])),
  isPooledActivity: z.boolean(),
  isTopAgent: z.boolean(),
  isCertifiedOrganic: z.boolean(),
  scope: z.array(z.string()),
  active: z.boolean(),
  /** Carrier contacts (ids) and carrier services (`carrierId:serviceCode`) the company may use. */
  permissions: z.object({ contacts: z.array(z.string()), services: z.array(z.string()) }).optional(),
  createdAt: z.string().optional(),
  version: z.number().int().optional(),
});
export type CompanyItem = z.infer<typeof companyItemSchema>;

const warehouseItemSchema = z.object({ id: z.string(), code: z.string(), name: z.string() });
export type WarehouseItem = z.infer<typeof warehouseItemSchema>;

/** Companies: every one on GSI1 by code, by name and state on LS1 and LS2; the code item makes codes unique. */
export const companyRecords = defineEntity<CompanyItem & { version: number }>({
  name: 'company',
  schema: companyItemSchema.extend({ version: z.number().int().default(0) }),
  key: (c) => keys.company(c.id),
  indexes: (c) => ({ GSI1: [keys.companies, `${c.code}#${c.id}`] }),
  claims: (c) => [{ key: keys.companyCode(c.code), field: 'code' }],
  list: {
    spec: COMPANY_LIST,
    sortScope: () => keys.companies,
    row: (c) => c,
    search: { scopes: () => [keys.companies], words: companyWords },
  },
});

/** Warehouses: every one on GSI1 by code. */
export const warehouseRecords = defineEntity<WarehouseItem>({
  name: 'warehouse',
  schema: warehouseItemSchema,
  key: (w) => keys.warehouse(w.id),
  indexes: (w) => ({ GSI1: [keys.warehouses, `${w.code}#${w.id}`] }),
});

function cached<T>(load: () => Promise<Map<string, T>>) {
  let cache: Cache<T>;
  const get = () => {
    const client = documentClient();
    if (!cache || Date.now() - cache.at > TTL_MS || cache.client !== client) {
      const value = load();
      cache = { at: Date.now(), client, value };
      value.catch(() => (cache = undefined));
    }
    return cache.value;
  };
  return { get, invalidate: () => (cache = undefined) };
}

async function byId<T extends { id: string }>(pk: string, parse: (item: Item) => T): Promise<Map<string, T>> {
  const map = new Map<string, T>();
  for await (const item of queryAll({ index: 'GSI1', pk })) {
    const record = parse(item);
    map.set(record.id, record);
  }
  return map;
}

/** A company fresh from the table (the cache may be a few seconds old). */
export const readCompany = (id: string) => companyRecords.get(keys.company(id));

export const companies = cached(() => byId(keys.companies, companyRecords.parse));
export const warehouses = cached(() => byId(keys.warehouses, warehouseRecords.parse));

export const SEGMENTS = {
  B2B: { id: 'B2B', code: 'B2B', name: 'B2B' },
  B2C: { id: 'B2C', code: 'B2C', name: 'B2C' },
} as const;

export const companyRef = (c: CompanyItem | undefined) => (c ? { id: c.id, code: c.code, name: c.name } : undefined);
export const warehouseRef = (w: WarehouseItem | undefined) =>
  w ? { id: w.id, code: w.code, name: w.name } : undefined;

/** Companies and warehouses by id, read together (each from its short-lived cache). */
export interface References {
  companies: Map<string, CompanyItem>;
  warehouses: Map<string, WarehouseItem>;
}
export async function references(): Promise<References> {
  const [c, w] = await Promise.all([companies.get(), warehouses.get()]);
  return { companies: c, warehouses: w };
}
