import { fillPath } from '@cellar/shared/api/path';
import { MAX_PAGE_SIZE } from '@cellar/shared/filter/query';
import type { ImportLot } from '@cellar/shared/imports/orders';
import {
  type ImportJob,
  type ImportRequest,
  isImportFinished,
  type UploadTicket,
} from '@cellar/shared/imports/schemas';
import {
  IMPORT_MAX_MEGABYTES,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  type ImportContext,
  type ImportTemplateName,
} from '@cellar/shared/imports/templates';
import { routes } from '@cellar/shared/routes/table';
import { EXCLUDED_QUALITIES } from '@cellar/shared/stocks/schemas';
import { useQuery } from '@tanstack/react-query';
import { ApiError, callRoute } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import { isEmailTaken } from '../../../lib/email-check';
import { i18n } from '../../../lib/i18n';
import { notify } from '../../../lib/notifications';
import { routeKey } from '../../../lib/route-key';
import { mapLimited } from '../utils/import-rows';

/** GET /api/csv/{template}: the template file, saved as {template}.csv. */
export const downloadTemplate = (template: ImportTemplateName, type?: string) =>
  downloadFile(fillPath(routes.importTemplate.path, { template }), { params: type ? { type } : {} });

/** What one import takes at most (rows and megabytes), worded in this language as the template guide words it. */
export function importLimits(lang: string): string {
  const number = new Intl.NumberFormat(lang);
  return i18n.t('import.template_limits', {
    lng: lang,
    rows: number.format(IMPORT_MAX_ROWS),
    megabytes: number.format(IMPORT_MAX_MEGABYTES),
  });
}

/** S3's error codes that say the file itself was refused for its size. */
const TOO_LARGE = new Set(['EntityTooLarge', 'EntityTooSmall']);

/**
 * The file, posted straight to S3 with the ticket's form fields (`file` last, as S3 requires). S3 answers its
 * errors in XML: they become the app's own words, reported like any API failure, and an ApiError for the caller.
 */
async function postFile(upload: UploadTicket, file: Blob, name: string): Promise<void> {
  const form = new FormData();
  for (const [k, v] of Object.entries(upload.fields)) form.append(k, v);
  form.append('file', file, name);
  let status = 0;
  let code: string | undefined;
  try {
    const res = await fetch(upload.url, { method: 'POST', body: form });
    if (res.ok) return;
    status = res.status;
    code = /<Code>([^<]+)<\/Code>/.exec(await res.text().catch(() => ''))?.[1];
  } catch {
    // Unreachable, or refused by CORS: the same answer for the user.
  }
  const message =
    code && TOO_LARGE.has(code)
      ? i18n.t(IMPORT_MESSAGES.tooLarge, { max: IMPORT_MAX_MEGABYTES })
      : i18n.t(IMPORT_MESSAGES.uploadFailed);
  notify('error', message);
  throw new ApiError(status, { message, errors: {} }, message);
}

/**
 * The import, in two steps: POST /api/csv/{template} with the screen's choices and what the browser knows of the
 * file (its size and rows) records the job and answers a presigned POST; the file then goes straight to S3, whose
 * event starts the worker. Answers the queued job.
 */
export async function uploadImport(
  template: ImportTemplateName,
  file: Blob,
  fields: Record<string, string | undefined>,
  rows: number,
): Promise<ImportJob> {
  const choices = Object.fromEntries(Object.entries(fields).filter(([, v]) => v)) as Omit<
    ImportRequest,
    'size' | 'rows'
  >;
  const { job, upload } = await callRoute(routes.importUpload, {
    params: { template },
    body: { ...choices, size: file.size, rows },
  });
  await postFile(upload, file, `${template}.csv`);
  return job;
}

/**
 * Every row the worker refused, each after its reason, as the server keeps them (not only the first ones the job
 * lists): a file the user corrects and imports again as it is.
 */
export const downloadRefusedRows = (id: string) => downloadFile(fillPath(routes.importRefused.path, { id }), {});

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

const ASKED_AT_ONCE = 6;
const QUIET = [400, 403, 404, 422, 429, 500, 502, 503, 504];
/** Codes asked in one list request (the query string stays short). */
const CODES_PER_REQUEST = 50;

/**
 * Which of a file's unique keys the API already knows, before anything is sent: users' e-mails (one question each),
 * or the codes of contacts (of the page's type and account), companies and products (of the account), asked in
 * batches of the list the screen imports into. A failed question counts as free: the worker checks again anyway.
 */
export async function takenKeys(ctx: ImportContext, values: readonly string[]): Promise<Set<string>> {
  if (ctx.template === 'user') {
    const answers = await mapLimited(values, ASKED_AT_ONCE, (e) => isEmailTaken(e).catch(() => false));
    return new Set(values.filter((_, i) => answers[i]));
  }
  const batches: string[][] = [];
  for (let i = 0; i < values.length; i += CODES_PER_REQUEST) batches.push(values.slice(i, i + CODES_PER_REQUEST));
  const owner = ctx.ownerId ? [{ field: 'owner.id', op: 'eq' as const, values: [ctx.ownerId] }] : [];
  const found = await mapLimited(batches, ASKED_AT_ONCE, async (codes) => {
    const code = { field: 'code', op: 'eq' as const, values: codes };
    const query = { paginate: CODES_PER_REQUEST, include: [] };
    const page =
      ctx.template === 'company'
        ? await callRoute(routes.companyList, { query: { ...query, filters: [code] }, quietStatuses: QUIET })
        : ctx.template === 'product'
          ? await callRoute(routes.productList, {
              query: { ...query, filters: [...owner, code] },
              quietStatuses: QUIET,
            })
          : await callRoute(routes.contactList, {
              query: {
                ...query,
                filters: [{ field: 'type', op: 'eq', values: [ctx.type ?? 'supplier'] }, ...owner, code],
              },
              quietStatuses: QUIET,
            });
    return (page?.data ?? []).map((row) => String(row.code));
  }).catch(() => []);
  return new Set(found.flat());
}

/**
 * Order imports: the sellable lots of some products of the account (the stock list the order wizard reads its lots
 * from: something available, a sellable quality), in batches of codes, for the preview's cover of each line. The
 * lots the caller's warehouses hold, as the list shows them.
 */
export async function sellableLots(ctx: ImportContext, codes: readonly string[]): Promise<ImportLot[]> {
  const batches: string[][] = [];
  for (let i = 0; i < codes.length; i += CODES_PER_REQUEST) batches.push(codes.slice(i, i + CODES_PER_REQUEST));
  const owner = ctx.ownerId ? [{ field: 'owner.id', op: 'eq' as const, values: [ctx.ownerId] }] : [];
  const pages = await mapLimited(batches, ASKED_AT_ONCE, (batch) =>
    callRoute(routes.stockList, {
      query: {
        filters: [
          { field: 'available', op: 'gt', values: ['0'] },
          { field: 'quality', op: 'notIn', values: [...EXCLUDED_QUALITIES] },
          ...owner,
          { field: 'product.code', op: 'eq', values: batch },
        ],
        include: ['warehouse'],
        paginate: MAX_PAGE_SIZE,
      },
      quietStatuses: QUIET,
    }),
  );
  return pages.flatMap((page) =>
    page.data.map((s) => ({
      stockId: s.id,
      productCode: s.product.code,
      warehouseId: s.warehouse?.id ?? '',
      segment: s.segment,
      batch: s.batch,
      ubd: s.ubd,
      bbd: s.bbd,
      available: s.available,
      createdAt: s.createdAt,
    })),
  );
}
