import type { companyRefSchema } from '@cellar/shared/companies/schemas';
import { type ImportJob, isImportFinished } from '@cellar/shared/imports/schemas';
import type { ImportTemplateName } from '@cellar/shared/imports/templates';
import { fillPath } from '@cellar/shared/routes/define';
import { routes } from '@cellar/shared/routes/table';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, callRoute, downloadFile } from '../../../lib/api-client';

type Account = z.infer<typeof companyRefSchema>;

/** The accounts a superadmin imports into, with their warehouses and segments. */
export const useAccounts = (enabled: boolean) =>
  useQuery({
    queryKey: ['companies', 'light'],
    queryFn: () =>
      callRoute(routes.companyList, {
        query: { sort: [{ field: 'code', desc: false }], paginate: 500, include: ['warehouses', 'segments'] },
      }),
    select: (page) => page.data as Account[],
    staleTime: 5 * 60_000,
    enabled,
  });

/** Every warehouse for a superadmin, the company's for the others. */
export const useWarehouses = () =>
  useQuery({ queryKey: ['warehouses'], queryFn: () => callRoute(routes.warehouseList), staleTime: 5 * 60_000 });

/** GET /api/csv/{template}: the template file, saved as {template}.csv. */
export const downloadTemplate = (template: ImportTemplateName, type?: string) =>
  downloadFile(fillPath(routes.importTemplate.path, { template }), { params: type ? { type } : {} });

/** POST /api/csv/{template}: the grid written back as a file, with the screen's choices. */
export function uploadImport(template: ImportTemplateName, file: Blob, fields: Record<string, string | undefined>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v) form.append(k, v);
  form.append('file', file, `${template}.csv`);
  return apiRequest<ImportJob>(fillPath(routes.importUpload.path, { template }), { method: 'POST', form });
}

/** The job, polled every second until the worker finishes it. */
export const useImportJob = (id: string | undefined) =>
  useQuery({
    queryKey: ['imports', id],
    queryFn: () => callRoute(routes.importGet, { params: { id: id as string } }),
    enabled: Boolean(id),
    refetchInterval: (query) => (query.state.data && isImportFinished(query.state.data.status) ? false : 1000),
  });

/** Whether an e-mail already belongs to an account (GET /api/email/{email} answers it, or nothing). */
export async function isEmailTaken(email: string): Promise<boolean> {
  return Boolean(await callRoute(routes.emailCheck, { params: { id: email.trim() }, quietStatuses: [404, 422] }));
}

/** Product imports: the account's suppliers, which rows name by code (a superadmin's chosen account). */
export const useSuppliers = (enabled: boolean, ownerId: string | undefined) =>
  useQuery({
    queryKey: ['contacts', 'supplier', 'import', ownerId],
    queryFn: () =>
      callRoute(routes.contactList, {
        query: {
          filters: [
            { field: 'type', op: 'eq', values: ['supplier'] },
            ...(ownerId ? [{ field: 'owner.id', op: 'eq' as const, values: [ownerId] }] : []),
          ],
          paginate: 5000,
        },
      }),
    select: (page) => page.data.map((c) => ({ id: c.id, code: c.code })),
    enabled,
    staleTime: 60_000,
  });
