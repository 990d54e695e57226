/**
 * Client accounts (spec 1 §2 Company screens, §7): the superadmin manages every company; a customer admin sees
 * its own. Codes are unique (a conditional put), modules stay within the current user's, warehouses must exist,
 * and carrier permissions name real carrier contacts and services.
 */
import { mayGrantScopes } from '@cellar/shared/access/roles';
import { pageMeta } from '@cellar/shared/common/schemas';
import { type Company, type CompanyInput, serviceTarget } from '@cellar/shared/companies/schemas';
import { comparator, fold, matchesAll } from '@cellar/shared/filter/match';
import { DEFAULT_PAGE_SIZE, type ListQuery, withExportRange } from '@cellar/shared/filter/query';
import { routes } from '@cellar/shared/routes/table';
import { MESSAGES } from '@cellar/shared/validation/validators';
import { ulid } from 'ulid';
import type { Caller } from '../auth/principal';
import { ensureMultiSupplier, providerCarriers } from '../contacts/repository';
import { type CompanyItem, companies, SEGMENTS, warehouseRef, warehouses } from '../data/reference';
import { InvalidError, NotFoundError } from '../errors';
import { csvExport, exportColumns } from '../platform/csv';
import { parseInclude } from '../users/view';
import { insertCompany, readCompany, saveCompany } from './repository';

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
  if (include.has('carriers')) {
    const allowed = new Set(permissions.services);
    view.carriers = (await providerCarriers()).flatMap((carrier) =>
      carrier.services
        .filter((s) => allowed.has(serviceTarget(carrier.id, s.code)))
        .map((service) => ({ carrierId: carrier.id, service, segment: carrier.segment })),
    );
  }
  return view;
}

function visibleCompanies(caller: Caller, all: Map<string, CompanyItem>) {
  return [...all.values()].filter((c) => caller.isSuperadmin || c.id === caller.tenantId);
}

async function selected(caller: Caller, q: ListQuery) {
  const all = visibleCompanies(caller, await companies.get());
  const search = q.filters.filter((c) => c.field === 'search').map((c) => fold(c.values.join(',')));
  const rest = q.filters.filter((c) => c.field !== 'search');
  const ws = await warehouses.get();
  const filterView = (c: CompanyItem) => ({
    ...c,
    segments: c.segments.map((s) => SEGMENTS[s]),
    warehouses: c.warehouseIds.map((id) => ({ code: ws.get(id)?.code ?? '' })),
  });
  return all
    .filter((c) => search.every((s) => fold(`${c.code} ${c.name}`).includes(s)) && matchesAll(filterView(c), rest))
    .sort(comparator(q.sort.length ? q.sort : [{ field: 'code', desc: false }]));
}

export async function listCompanies(caller: Caller, q: ListQuery) {
  const rows = await selected(caller, q);
  const page = q.page ?? 1;
  const perPage = q.paginate ?? DEFAULT_PAGE_SIZE;
  // The light variant (pickers) carries warehouses and segments only.
  const include = q.params.light ? new Set(['warehouses']) : parseInclude(q.include);
  const data = await Promise.all(rows.slice((page - 1) * perPage, page * perPage).map((c) => companyView(c, include)));
  return { data, meta: pageMeta(rows.length, page, perPage, data.length) };
}

export async function exportCompanies(caller: Caller, query: ListQuery) {
  const q = withExportRange(query, 'createdAt');
  // The warehouse column is always exported as codes.
  const columns = exportColumns(
    {
      ...q,
      params: {
        ...q.params,
        columns: `${q.params.columns ?? routes.companyList.list.columns.join(',')},warehouses.code`,
      },
    },
    routes.companyList.list,
  );
  const rows = await Promise.all((await selected(caller, q)).map((c) => companyView(c, new Set(['warehouses']))));
  return csvExport('companies.csv', rows, columns);
}

async function visible(caller: Caller, id: string): Promise<CompanyItem> {
  const c = await readCompany(id);
  if (!c || (!caller.isSuperadmin && c.id !== caller.tenantId)) throw new NotFoundError();
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

export async function createCompany(caller: Caller, input: CompanyInput, include?: string) {
  await checkInput(caller, input);
  const { carrierIds, ...fields } = input;
  const company: CompanyItem = {
    id: ulid(),
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
