/** The user as the API shows it, with the requested includes; never the password hash. */

import { roleSlug } from '@cellar/shared/access/roles';
import { chosenEvents, type User } from '@cellar/shared/users/schemas';
import { carrierServicesOf } from '../companies/carriers';
import { mapBounded } from '../data/fan-out';
import { type CompanyItem, type References, references, SEGMENTS, warehouseRef } from '../data/reference';
import { getUser, type UserItem } from './repository';

type Refs = References;

export const loadRefs = references;

const warehouseList = (ids: string[], r: Refs) =>
  ids.map((id) => warehouseRef(r.warehouses.get(id))).filter((w) => w !== undefined);

function companyView(c: CompanyItem, include: Set<string>, prefix: string, r: Refs) {
  return {
    id: c.id,
    code: c.code,
    name: c.name,
    isPooledActivity: c.isPooledActivity,
    isTopAgent: c.isTopAgent,
    isCertifiedOrganic: c.isCertifiedOrganic,
    ...(include.has(`${prefix}address`) ? { address: c.address as never } : {}),
    ...(include.has(`${prefix}segments`) ? { segments: c.segments.map((s) => SEGMENTS[s]) } : {}),
    ...(include.has(`${prefix}warehouses`) ? { warehouses: warehouseList(c.warehouseIds, r) } : {}),
  };
}

/** Synchronous view from preloaded references; children need their own reads (see userView). */
export function userRecord(u: UserItem, include: Set<string>, r: Refs, children: UserItem[] = []): User {
  const company = r.companies.get(u.companyId);
  return {
    id: u.id,
    firstname: u.firstname,
    lastname: u.lastname,
    name: `${u.firstname} ${u.lastname}`.trim(),
    email: u.email,
    role: roleSlug(u.roleLevel),
    roleLevel: u.roleLevel,
    active: u.active,
    locale: u.locale,
    companyId: u.companyId,
    notificationChannels: u.notificationChannels,
    notificationEvents: chosenEvents(u.notificationEvents),
    warehouseIds: u.warehouseIds,
    scope: u.scope,
    createdAt: u.createdAt,
    ...(include.has('company') && company ? { company: companyView(company, include, 'company.', r) } : {}),
    ...(include.has('warehouses') ? { warehouses: warehouseList(u.warehouseIds, r) } : {}),
    ...(include.has('children')
      ? {
          children: children.map((c) => {
            const cc = r.companies.get(c.companyId);
            return {
              id: c.id,
              email: c.email,
              company: { id: c.companyId, code: cc?.code ?? '', name: cc?.name ?? '' },
            };
          }),
        }
      : {}),
  };
}

export async function userView(u: UserItem, include: Set<string>, actorId?: string): Promise<User> {
  const r = await loadRefs();
  const children = include.has('children')
    ? (await mapBounded(u.childIds, getUser)).filter((c): c is UserItem => Boolean(c?.active))
    : [];
  const user = userRecord(u, include, r, children);
  const company = r.companies.get(u.companyId);
  if (user.company && company && include.has('company.carriers'))
    user.company.carriers = await carrierServicesOf(company);
  return { ...user, ...(actorId ? { impersonatedBy: actorId } : {}) };
}
