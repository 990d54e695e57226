/**
 * Client accounts (spec 1 §2 Company screens, §7): the superadmin manages every company; a customer admin sees
 * its own. Codes are unique (a conditional put), modules stay within the current user's, warehouses must exist,
 * and carrier permissions name real carrier contacts and services.
 */
import { mayGrantScopes } from '@cellar/shared/access/roles';
import { clock } from '@cellar/shared/common/clock';
import { type Company, type CompanyInput, serviceTarget } from '@cellar/shared/companies/schemas';
import { MESSAGES } from '@cellar/shared/validation/validators';
import type { Caller } from '../caller/principal';
import { seesOwner } from '../caller/visibility';
import { ensureMultiSupplier, providerCarriers } from '../contacts/repository';
import { newId } from '../data/ids';
import { type CompanyItem, readCompany, SEGMENTS, warehouseRef, warehouses } from '../data/reference';
import { InvalidError, NotFoundError } from '../errors';
import { parseInclude } from '../platform/http/include';
import { carrierServicesOf } from './carriers';
import { insertCompany, saveCompany } from './repository';

type PermissionType = 'contacts' | 'services';
const noPermissions = () => ({ contacts: [] as string[], services: [] as string[] });

export async function companyView(c: CompanyItem, include: Set<string>): Promise<Company> {
  const ws = await warehouses.get();
  const permissions = c.permissions ?? noPermissions();
  const view: Company = {
    id: c.id,
    code: c.code,
    name: c.name,
    address: c.address as Company['address'],
    warehouseIds: c.warehouseIds,
    segments: c.segments.map((s) => SEGMENTS[s]),
    scope: c.scope,
    isPooledActivity: c.isPooledActivity,
    isTopAgent: c.isTopAgent,
    isCertifiedOrganic: c.isCertifiedOrganic,
    active: c.active,
  };
  if (include.has('warehouses')) {
    view.warehouses = c.warehouseIds.map((id) => warehouseRef(ws.get(id))).filter((w) => w !== undefined);
  }
  if (include.has('permissions')) view.permissions = permissions;
  if (include.has('carriers')) view.carriers = await carrierServicesOf(c);
  return view;
}

async function visible(caller: Caller, id: string): Promise<CompanyItem> {
  const c = await readCompany(id);
  if (!c || !seesOwner(caller, c.id)) throw new NotFoundError();
  return c;
}

export async function getCompany(caller: Caller, id: string, include?: string) {
  return companyView(await visible(caller, id), parseInclude(include));
}

async function checkInput(caller: Caller, input: CompanyInput) {
  const errors: Record<string, string[]> = {};
  const invalid = [MESSAGES.invalid];
  const ws = await warehouses.get();
  if (input.warehouseIds.some((w) => !ws.has(w))) errors.warehouseIds = invalid;
  if (input.carrierIds?.length) {
    const known = new Set((await providerCarriers()).map((c) => c.id));
    if (input.carrierIds.some((c) => !known.has(c))) errors.carrierIds = invalid;
  }
  if (!mayGrantScopes(caller.scope, input.scope)) {
    errors.scope = invalid;
  }
  if (Object.keys(errors).length) throw new InvalidError(errors);
}

export async function createCompany(caller: Caller, input: CompanyInput, include?: string, recordId = newId()) {
  await checkInput(caller, input);
  const { carrierIds, ...fields } = input;
  const company: CompanyItem = {
    id: recordId,
    ...fields,
    address: input.address,
    permissions: { contacts: carrierIds ?? [], services: [] },
    createdAt: clock.iso(),
    version: 1,
  };
  await insertCompany(company, { code: [MESSAGES.unique] });
  await ensureMultiSupplier(company);
  return companyView(company, parseInclude(include));
}

/** The code is the company's key for people and files: it stays as created. */
export async function updateCompany(caller: Caller, id: string, input: CompanyInput, include?: string) {
  const current = await visible(caller, id);
  await checkInput(caller, input);
  const { carrierIds, ...fields } = input;
  const permissions = current.permissions ?? noPermissions();
  const saved = await saveCompany(
    {
      ...current,
      ...fields,
      code: current.code,
      address: input.address,
      permissions: carrierIds ? { ...permissions, contacts: carrierIds } : permissions,
    },
    current,
  );
  return companyView(saved, parseInclude(include));
}

async function checkTarget(type: PermissionType, target: string) {
  const all = await providerCarriers();
  const ok =
    type === 'contacts'
      ? all.some((c) => c.id === target)
      : all.some((c) => c.services.some((s) => serviceTarget(c.id, s.code) === target));
  if (!ok) throw new NotFoundError();
}

export async function setPermission(
  caller: Caller,
  id: string,
  type: PermissionType,
  target: string,
  granted: boolean,
) {
  const current = await visible(caller, id);
  if (granted) await checkTarget(type, target);
  const permissions = current.permissions ?? noPermissions();
  const list = new Set(permissions[type]);
  if (granted) list.add(target);
  else list.delete(target);
  const saved = await saveCompany({ ...current, permissions: { ...permissions, [type]: [...list] } }, current);
  return companyView(saved, new Set(['permissions']));
}

/** The carriers a company may use: as contacts, or through their permitted services (B2C or no segment). */
export async function companyCarriers(caller: Caller, id: string, type: PermissionType) {
  const company = await visible(caller, id);
  const permissions = company.permissions ?? noPermissions();
  const all = await providerCarriers();
  if (type === 'contacts') {
    return all
      .filter((c) => permissions.contacts.includes(c.id))
      .map((c) => ({
        id: c.id,
        code: c.code,
        name: c.address.company || c.address.name,
        segment: c.segment,
        services: c.services,
      }));
  }
  const allowed = new Set(permissions.services);
  return all
    .filter((c) => c.segment !== 'B2B')
    .map((c) => ({
      id: c.id,
      code: c.code,
      name: c.address.company || c.address.name,
      segment: c.segment,
      services: c.services.filter((s) => allowed.has(serviceTarget(c.id, s.code))),
    }))
    .filter((c) => c.services.length > 0);
}
