import { MAX_PAGE_SIZE } from '@cellar/shared/filter/query';
import { isImportFinished } from '@cellar/shared/imports/schemas';
import type { ImportTemplateName } from '@cellar/shared/imports/templates';
import { fillPath } from '@cellar/shared/routes/define';
import { routes } from '@cellar/shared/routes/table';
import { useQuery } from '@tanstack/react-query';
import { callRoute, downloadFile } from '../../../lib/api-client';
import { routeKey } from '../../../lib/route-key';

/** GET /api/csv/{template}: the template file, saved as {template}.csv. */
export const downloadTemplate = (template: ImportTemplateName, type?: string) =>
  downloadFile(fillPath(routes.importTemplate.path, { template }), { params: type ? { type } : {} });

/** POST /api/csv/{template}: the grid written back as a file, with the screen's choices. */
export function uploadImport(template: ImportTemplateName, file: Blob, fields: Record<string, string | undefined>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v) form.append(k, v);
  form.append('file', file, `${template}.csv`);
  return callRoute(routes.importUpload, { params: { template }, form });
}

/** The job, polled every second until the worker finishes it. */
export const useImportJob = (id: string | undefined) =>
  useQuery({
    queryKey: routeKey(routes.importGet, { id: id ?? '' }),
    queryFn: () => callRoute(routes.importGet, { params: { id: id ?? '' } }),
    enabled: Boolean(id),
    refetchInterval: (query) => (query.state.data && isImportFinished(query.state.data.status) ? false : 1000),
  });

const importSuppliersQuery = (ownerId: string | undefined) => ({
  filters: [
    { field: 'type', op: 'eq' as const, values: ['supplier'] },
    ...(ownerId ? [{ field: 'owner.id', op: 'eq' as const, values: [ownerId] }] : []),
  ],
  paginate: MAX_PAGE_SIZE,
});

/** Product imports: the account's suppliers, which rows name by code (a superadmin's chosen account). */
export const useSuppliers = (enabled: boolean, ownerId: string | undefined) =>
  useQuery({
    queryKey: routeKey(routes.contactList, undefined, importSuppliersQuery(ownerId)),
    queryFn: () => callRoute(routes.contactList, { query: importSuppliersQuery(ownerId) }),
    select: (page) => page.data.map((c) => ({ id: c.id, code: c.code })),
    enabled,
    staleTime: 60_000,
  });
