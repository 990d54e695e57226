/**
 * Client accounts (spec 1 §2 Company screens, §7): the superadmin manages every company; a customer admin sees
 * its own. Codes are unique (a conditional put), modules stay within the current user's, warehouses must exist,
 * and carrier permissions name real carrier contacts and services.
 */
import { mayGrantScopes } from '@cellar/shared/access/roles';
import { companyWords } from '@cellar/shared/companies/list';
import { companyRoutes } from '@cellar/shared/companies/routes';
import { type Company, type CompanyInput, serviceTarget } from '@cellar/shared/companies/schemas';
import { type ListQuery, withExportRange } from '@cellar/shared/filter/query';
import { MESSAGES } from '@cellar/shared/validation/validators';
import { ulid } from 'ulid';
import type { Caller } from '../caller/principal';
import { seesOwner } from '../caller/visibility';
import { ensureMultiSupplier, providerCarriers } from '../contacts/repository';
import { keys } from '../data/keys';
import type { PlannedList } from '../data/list';
import { type CompanyItem, companyRecords, readCompany, SEGMENTS, warehouseRef, warehouses } from '../data/reference';
import type { Item } from '../data/table';
import { InvalidError, NotFoundError } from '../errors';
import { exportColumns } from '../platform/http/csv';
import { parseInclude } from '../platform/http/include';
import type { ListAnswer } from '../platform/http/lists';
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

/** A company as its list filters, sorts and exports it: its segments and its warehouses' codes beside it. */
type CompanyRow = Omit<CompanyItem, 'segments'> & {
  segments: { code: string }[];
  warehouses: { code: string }[];
  item: CompanyItem;
};

/**
 * The list's plan (COMPANY_LIST.indexes): every company for the superadmin (GSI1 by code, LS1 and LS2 for the
 * name and the state, the search words); anyone else's list is their own company, read by its key.
 */
async function plan(caller: Caller, query: ListQuery): Promise<PlannedList<CompanyRow>> {
  const q = withExportRange(query, 'createdAt');
  const ws = await warehouses.get();
  return {
    spec: companyRoutes.companyList.list,
    keySource: { index: 'GSI1', pk: keys.companies },
    keySort: { field: 'code', desc: false },
    sortScope: keys.companies,
    searchScope: keys.companies,
    conditions: q.filters,
    sort: q.sort,
    map: (item) => {
      const c = companyRecords.parse(item);
      return {
        ...c,
        item: c,
        segments: c.segments.map((s) => SEGMENTS[s]),
        warehouses: c.warehouseIds.map((id) => ({ code: ws.get(id)?.code ?? '' })),
      };
    },
    id: (c) => c.id,
    words: companyWords,
    direct: caller.isSuperadmin ? undefined : () => ownCompany(caller),
  };
}

async function ownCompany(caller: Caller): Promise<Item[]> {
  const own = await readCompany(caller.tenantId);
  return own ? [companyRecords.item({ ...own, version: own.version ?? 0 })] : [];
}

/** The company list: its page (the light variant for pickers: warehouses and segments only) or its export. */
export async function companyList(caller: Caller, q: ListQuery): Promise<ListAnswer<CompanyRow>> {
  const include = q.params.light === 'true' ? new Set(['warehouses']) : parseInclude(q.include);
  return {
    plan: await plan(caller, q),
    filename: 'companies.csv',
    present: (rows) => Promise.all(rows.map((c) => companyView(c.item, include))),
    // The warehouse column is always exported as codes.
    columns: (query, wording) =>
      exportColumns(
        {
          ...query,
          params: {
            ...query.params,
            columns: `${query.params.columns ?? companyRoutes.companyList.list.columns.join(',')},warehouses.code`,
          },
        },
        companyRoutes.companyList.list,
        wording,
      ),
  };
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

export async function createCompany(caller: Caller, input: CompanyInput, include?: string, recordId = ulid()) {
  await checkInput(caller, input);
  const { carrierIds, ...fields } = input;
  const company: CompanyItem = {
    id: recordId,
    ...fields,
    address: input.address,
    permissions: { contacts: carrierIds ?? [], services: [] },
    createdAt: new Date().toISOString(),
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
