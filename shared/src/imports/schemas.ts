/** CSV import jobs and the calls that feed them (spec 3 §7 "CSV templates and import"). */
import * as z from 'zod';
import { ACCESS, canAccess, type Principal, ROLES } from '../access/roles';
import { segmentCode } from '../common/schemas';
import { CONTACT_SCOPE, type ContactType, contactType } from '../contacts/schemas';
import { id } from '../validation/zod';
import { type ImportTemplateName, importTemplate } from './templates';

/** Who may import what: the level and scope of the matching create screen (spec 1 §2, spec 3 §2). */
export function importAccess(template: ImportTemplateName, type?: ContactType) {
  switch (template) {
    case 'user':
      return { access: ACCESS.admin, scopes: [] };
    // Creating companies is the provider's; their import is too.
    case 'company':
      return { access: ACCESS.superadmin, scopes: [] };
    case 'product':
      return { access: ACCESS.writer, scopes: ['product' as const] };
    case 'contact':
      return type === 'carrier'
        ? { access: ACCESS.superadmin, scopes: [CONTACT_SCOPE.carrier] }
        : { access: ACCESS.writer, scopes: type ? [CONTACT_SCOPE[type]] : [] };
  }
}

export const canImport = (p: Principal | null, template: ImportTemplateName, type?: ContactType) => {
  const rule = importAccess(template, type);
  return canAccess(p, rule.access, rule.scopes);
};

/** Contact imports name their type; the others take none. */
export const importTypeFor = (template: ImportTemplateName, type: ContactType | undefined) =>
  template === 'contact' ? type : undefined;

export const templateParams = z.object({ template: importTemplate });

/** GET /api/csv/{template}: the template file (returnFile=true, the default) or its header labels. */
export const templateQuery = z.strictObject({
  type: contactType.optional(),
  returnFile: z.enum(['true', 'false']).default('true'),
});

export const templateLabelsSchema = z.object({ labels: z.array(z.string()) });

const uploadedFile = z.object(
  {
    filename: z.string().max(255),
    mimetype: z.string().optional(),
    truncated: z.boolean().optional(),
    content: z.custom<Uint8Array>((v) => v instanceof Uint8Array),
  },
  { error: 'import.no_file' },
);

/** POST /api/csv/{template} (multipart): the file rebuilt from the grid, and the choices of the screen. */
export const importUploadSchema = z.object({
  file: uploadedFile,
  type: contactType.optional(),
  /** The account the rows go to (superadmin); others import into their own. */
  owner: id.optional(),
  warehouse: id.optional(),
  segment: segmentCode.optional(),
});
export type ImportUpload = z.infer<typeof importUploadSchema>;

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const importStatus = z.enum(IMPORT_STATUSES);
export type ImportStatus = z.infer<typeof importStatus>;
export const isImportFinished = (s: ImportStatus) => s === 'done' || s === 'failed';

/** Rows the server refused, with why; the list keeps the first ones only. */
export const IMPORT_ERRORS_KEPT = 100;
export const importRowErrorSchema = z.object({
  /** 1-based row number in the file, the header not counted. */
  row: z.number().int(),
  messages: z.array(z.string()),
});

export const importJobSchema = z.object({
  id: z.string(),
  template: importTemplate,
  type: contactType.nullable(),
  ownerId: z.string().nullable(),
  status: importStatus,
  total: z.number().int(),
  processed: z.number().int(),
  created: z.number().int(),
  failed: z.number().int(),
  errors: z.array(importRowErrorSchema),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

export const importRequiredOwner = (role: number, template: ImportTemplateName, type?: ContactType) =>
  role === ROLES.superadmin &&
  (template === 'user' || template === 'product' || (template === 'contact' && type !== 'carrier'));
