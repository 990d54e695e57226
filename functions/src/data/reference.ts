/**
 * Companies and warehouses are few and read on almost every request (owner names, tenant segments):
 * one container keeps them for a few seconds instead of reading them item by item.
 */
import { keys } from './keys';
import { type Item, queryAll } from './table';

const TTL_MS = 5_000;
type Cache<T> = { at: number; value: Promise<Map<string, T>> } | undefined;

export interface CompanyItem {
  id: string;
  code: string;
  name: string;
  address: Record<string, unknown>;
  warehouseIds: string[];
  segments: ('B2B' | 'B2C')[];
  isPooledActivity: boolean;
  isTopAgent: boolean;
  isCertifiedOrganic: boolean;
  scope: string[];
  active: boolean;
  /** Carrier contacts (ids) and carrier services (`carrierId:serviceCode`) the company may use. */
  permissions?: { contacts: string[]; services: string[] };
  createdAt?: string;
  version?: number;
}
export interface WarehouseItem {
  id: string;
  code: string;
  name: string;
}

function cached<T>(load: () => Promise<Map<string, T>>) {
  let cache: Cache<T>;
  const get = () => {
    if (!cache || Date.now() - cache.at > TTL_MS) {
      const value = load();
      cache = { at: Date.now(), value };
      value.catch(() => (cache = undefined));
    }
    return cache.value;
  };
  return { get, invalidate: () => (cache = undefined) };
}

async function byId<T extends { id: string }>(pk: string): Promise<Map<string, T>> {
  const map = new Map<string, T>();
  for await (const item of queryAll({ index: 'GSI1', pk })) map.set(String(item.id), item as Item as unknown as T);
  return map;
}

export const companies = cached(() => byId<CompanyItem>(keys.companies));
export const warehouses = cached(() => byId<WarehouseItem>(keys.warehouses));

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
