/**
 * CSV import templates (spec 3 §2 "CSV import screen", §4 "Import flow", §5 "CSV import cell rules").
 * A template names its columns (the file's header labels, language-neutral so that a file prepared in one
 * language imports in the other), how each cell's text is read, and how a row becomes the input of the entity's
 * own create schema. The browser checks every cell with these before submitting; the import worker checks each row
 * again with the same functions before it writes, so a rule exists once.
 */
import * as z from 'zod';
import { assignableRoles, grantableScopes, type RoleLevel, type RoleSlug } from '../access/roles';
import { SEGMENT_CODES, type SegmentCode } from '../common/schemas';
import { companyInputSchema } from '../companies/schemas';
import { type ContactType, contactCreateSchema, contactTypeRules } from '../contacts/schemas';
import { issueKey } from '../i18n/messages';
import { ORDER_TYPES } from '../orders/schemas';
import { productInputSchema } from '../products/schemas';
import { ATTRIBUTE_MESSAGES, isActive, validateAttributes } from '../referential/attributes';
import { ATTRIBUTES, capacityOf, FAMILIES, familyAttributes, findSubFamily } from '../referential/data';
import type { Localized } from '../referential/schemas';
import { userCreateSchema } from '../users/schemas';
import { isSafeText } from '../validation/text';
import { isEmpty, MESSAGES, parseBooleanText, weightForCapacity } from '../validation/validators';
import { issue } from '../validation/zod';
import { OrderGroups, orderRowInput, orderRowSchema, referenceOf, withGroupProblems } from './orders';
import type { CellCheck, CellMessage, CellState, ImportRow, RowCheck } from './rows';

export const IMPORT_TEMPLATES = ['contact', 'user', 'company', 'product', 'order'] as const;
export const importTemplate = z.enum(IMPORT_TEMPLATES, { error: MESSAGES.invalid });
export type ImportTemplateName = z.infer<typeof importTemplate>;

/** The most rows one import takes (about 15 MB of products: the file goes straight to S3, not through the API). */
export const IMPORT_MAX_ROWS = 100_000;
/** The most megabytes one uploaded file may have, as the screen and the template guide say it. */
export const IMPORT_MAX_MEGABYTES = 20;
/** The most bytes one uploaded file may have: the presigned upload's policy holds the file to it. */
export const IMPORT_MAX_BYTES = IMPORT_MAX_MEGABYTES * 1024 * 1024;

export const IMPORT_MESSAGES = {
  noFile: 'import.no_file',
  notCsv: 'import.not_csv',
  readFailure: 'import.read_failure',
  headerMismatch: 'import.header_mismatch',
  empty: 'import.empty',
  tooManyRows: 'import.too_many_rows',
  tooLarge: 'import.too_large',
  uploadFailed: 'import.upload_failed',
  boolean: 'import.boolean',
  select: 'import.select',
  duplicate: 'import.duplicate',
  emailTaken: 'import.email_taken',
  codeTaken: 'import.code_taken',
  duplicateEmails: 'import.duplicate_emails',
  invalidRows: 'import.invalid_rows',
  forbidden: 'import.template_forbidden',
} as const;

/** What is wrong with an import file, as a message key (the reader and the screens word it). */
export class ImportFileError extends Error {
  constructor(
    readonly key: string,
    readonly values: Record<string, unknown> = {},
  ) {
    super(key);
  }
}

export type CellKind = 'text' | 'boolean' | 'select' | 'multiselect';

export interface ImportColumn {
  /** The header label in the file, and the cell's key in a row. */
  key: string;
  /** Where the value goes in the entity's input (dotted path); issues on that path belong to this cell. */
  field: string;
  kind: CellKind;
  /** Shown as required in the legend; an empty required cell makes the row invalid. */
  required: boolean;
  /** Accepted values of select and multi-select cells (compared without case). */
  options?: readonly string[];
  /** Product attributes are named by the referential, in both languages. */
  label?: Localized;
}

export interface ImportRef {
  id: string;
  code: string;
}

/**
 * What rows are checked against: the choices made on the screen (account, warehouse, segment, contact type) and
 * the reference data of the target account and of the importer. Both sides build it with `importContext`.
 */
export interface ImportContext {
  template: ImportTemplateName;
  /** Contact imports: the type of the page. */
  type?: ContactType;
  /** The account the rows go to (contacts, users). */
  ownerId?: string;
  /** Contact imports: the warehouse and segment chosen on the screen. */
  warehouseId?: string | null;
  segment?: SegmentCode | null;
  /** Warehouses a row may name by code: the account's own (users), every warehouse (companies). */
  warehouses: readonly ImportRef[];
  /** Role slugs the importer may give. */
  roles: readonly RoleSlug[];
  /** Module scopes the importer may grant. */
  scopes: readonly string[];
  /** Product imports: the account's suppliers, named by code in the rows. */
  suppliers: readonly ImportRef[];
  /** Product imports: a top agent's products need a supplier. */
  topAgent: boolean;
  /** Order imports: the account's segments (its only one is the default). */
  segments: readonly SegmentCode[];
}

/** The importer and the data the context is built from. */
export interface ImportContextInput {
  template: ImportTemplateName;
  importer: { role: number; scope: readonly string[] };
  type?: ContactType;
  ownerId?: string;
  warehouseId?: string | null;
  segment?: SegmentCode | null;
  warehouses: readonly ImportRef[];
  suppliers?: readonly ImportRef[];
  topAgent?: boolean;
  segments?: readonly SegmentCode[];
}

export function importContext(input: ImportContextInput): ImportContext {
  return {
    template: input.template,
    type: input.type,
    ownerId: input.ownerId,
    warehouseId: input.warehouseId ?? null,
    segment: input.segment ?? null,
    warehouses: input.warehouses,
    roles: assignableRoles(input.importer.role as RoleLevel),
    scopes: grantableScopes(input.importer.scope),
    suppliers: input.suppliers ?? [],
    topAgent: input.topAgent ?? false,
    segments: input.segments ?? [],
  };
}

const text = (key: string, field: string, required = false): ImportColumn => ({
  key,
  field,
  kind: 'text',
  required,
});
const bool = (key: string, field: string): ImportColumn => ({ key, field, kind: 'boolean', required: false });

const ADDRESS_COLUMNS = (required: { company: boolean; name: boolean; contact: boolean }): ImportColumn[] => [
  text('company', 'address.company', required.company),
  text('name', 'address.name', required.name),
  text('street', 'address.street', true),
  text('details', 'address.details'),
  text('postcode', 'address.postcode', true),
  text('city', 'address.city', true),
  text('country', 'address.country', true),
  text('email', 'address.email', required.contact),
  text('phone', 'address.phone', required.contact),
  text('siret', 'address.siretNumber'),
];

const SUB_FAMILIES = FAMILIES.flatMap((f) => f.children.map((c) => c.code));

/** One column per attribute of the referential; which apply depends on each row's sub-family. */
const ATTRIBUTE_COLUMNS: ImportColumn[] = [...ATTRIBUTES]
  .sort((a, b) => a.position - b.position)
  .map((a) => ({
    key: a.id,
    field: `attributes.${a.id}`,
    kind: a.type === 'boolean' ? 'boolean' : a.isSelect ? 'select' : 'text',
    required: false,
    options: a.isSelect ? a.items.filter((i) => i.active).map((i) => i.code) : undefined,
    label: a.label,
  }));

/** The columns of a template, in file order. */
export function importColumns(ctx: ImportContext): ImportColumn[] {
  switch (ctx.template) {
    case 'user':
      return [
        text('lastname', 'lastname', true),
        text('firstname', 'firstname', true),
        text('email', 'email', true),
        { key: 'role', field: 'role', kind: 'select', required: true, options: ctx.roles },
        {
          key: 'warehouses',
          field: 'warehouseIds',
          kind: 'multiselect',
          required: true,
          options: ctx.warehouses.map((w) => w.code),
        },
        { key: 'modules', field: 'scope', kind: 'multiselect', required: false, options: ctx.scopes },
      ];
    case 'company':
      return [
        text('code', 'code', true),
        text('name', 'name', true),
        // The company's name is its address's company: no separate company or contact name.
        ...ADDRESS_COLUMNS({ company: false, name: false, contact: false }).filter(
          (c) => c.key !== 'company' && c.key !== 'name',
        ),
        text('excise', 'address.exciseNumber'),
        {
          key: 'warehouses',
          field: 'warehouseIds',
          kind: 'multiselect',
          required: true,
          options: ctx.warehouses.map((w) => w.code),
        },
        { key: 'segments', field: 'segments', kind: 'multiselect', required: true, options: SEGMENT_CODES },
        bool('pooled', 'isPooledActivity'),
        bool('top_agent', 'isTopAgent'),
        bool('organic', 'isCertifiedOrganic'),
        { key: 'modules', field: 'scope', kind: 'multiselect', required: false, options: ctx.scopes },
        bool('active', 'active'),
      ];
    case 'product':
      return [
        text('code', 'code', true),
        text('label', 'label', true),
        { key: 'sub_family', field: 'familyId', kind: 'select', required: true, options: SUB_FAMILIES },
        {
          key: 'warehouse',
          field: 'warehouseId',
          kind: 'select',
          required: ctx.warehouses.length > 1,
          options: ctx.warehouses.map((w) => w.code),
        },
        text('supplier', 'supplierId', ctx.topAgent),
        bool('has_batch', 'hasBatch'),
        bool('has_bbd', 'hasBbd'),
        bool('has_ubd', 'hasUbd'),
        bool('hidden', 'hidden'),
        text('ean_unit', 'eanUnit'),
        text('ean_parcel', 'eanParcel'),
        text('ean_pallet', 'eanPallet'),
        text('comment', 'comment'),
        ...ATTRIBUTE_COLUMNS,
      ];
    case 'order':
      // The order's cells, repeated on each of its rows, then the line's (spec 2 §3: a line is a product and a
      // quantity; the lots it takes are the worker's choice, first expired first out, within the batch if named).
      return [
        text('reference', 'reference', true),
        {
          key: 'segment',
          field: 'segment',
          kind: 'select',
          required: ctx.segments.length > 1,
          options: ctx.segments,
        },
        bool('send', 'send'),
        text('recipient', 'customerId', true),
        text('delivery_date', 'deliveryDate'),
        text('carrier', 'carrierId'),
        text('service', 'serviceCode'),
        { key: 'order_type', field: 'type', kind: 'select', required: false, options: ORDER_TYPES },
        {
          key: 'warehouse',
          field: 'warehouseId',
          kind: 'select',
          required: false,
          options: ctx.warehouses.map((w) => w.code),
        },
        text('delivery_comment', 'deliveryComment'),
        text('preparation_comment', 'preparationComment'),
        text('product', 'line.productCode', true),
        text('quantity', 'line.ordered', true),
        text('batch', 'line.batch'),
      ];
    case 'contact': {
      const rules = contactTypeRules(ctx.type ?? 'supplier');
      const contact = ctx.type === 'recipient' && ctx.segment === 'B2C';
      return [
        text('code', 'code', true),
        bool('is_company', 'address.isCompany'),
        // Company or name depends on each row's is_company: the schema says which is missing.
        ...ADDRESS_COLUMNS({ company: false, name: false, contact }),
        ...(rules.hasExcise ? [text('excise', 'address.exciseNumber')] : []),
        ...(rules.hasComment ? [text('comment', 'comment')] : []),
      ];
    }
  }
}

/** The template's header labels, in file order. */
export const importHeader = (ctx: ImportContext) => importColumns(ctx).map((c) => c.key);

export type { CellCheck, CellMessage, CellState, ImportRow, RowCheck };

type Read = { ok: true; value: unknown } | { ok: false; message: CellMessage };

const canonical = (options: readonly string[], v: string) => options.find((o) => o.toLowerCase() === v.toLowerCase());

/** Splits a multi-select cell: ',' or '|' between values. */
export const splitList = (v: string) =>
  v
    .split(/[,|]/)
    .map((s) => s.trim())
    .filter(Boolean);

/** Reads one cell's text as its column's kind. Unknown multi-select values are dropped (spec 3 §5). */
function readCell(column: ImportColumn, raw: string | undefined): Read {
  const v = (raw ?? '').trim();
  if (!isSafeText(v)) return { ok: false, message: { key: MESSAGES.unsafeText } };
  switch (column.kind) {
    case 'text':
      return { ok: true, value: v };
    case 'boolean': {
      if (v === '') return { ok: true, value: undefined };
      const b = parseBooleanText(v);
      return b === undefined ? { ok: false, message: { key: IMPORT_MESSAGES.boolean } } : { ok: true, value: b };
    }
    case 'select': {
      if (v === '') return { ok: true, value: undefined };
      const found = canonical(column.options ?? [], v);
      return found
        ? { ok: true, value: found }
        : {
            ok: false,
            message: { key: IMPORT_MESSAGES.select, values: { values: (column.options ?? []).join(', ') } },
          };
    }
    case 'multiselect': {
      const values = splitList(v)
        .map((s) => canonical(column.options ?? [], s))
        .filter((s): s is string => s !== undefined);
      return { ok: true, value: [...new Set(values)] };
    }
  }
}

function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const parts = path.split('.');
  let cur = target;
  for (const part of parts.slice(0, -1)) {
    cur[part] ??= {};
    cur = cur[part] as Record<string, unknown>;
  }
  cur[parts[parts.length - 1] as string] = value;
}

const idsOf = (refs: readonly ImportRef[], codes: unknown) =>
  (codes as string[]).map((code) => refs.find((r) => r.code === code)?.id).filter((id): id is string => Boolean(id));

/** The row's values (read by column) → the entity's create input. */
function toInput(ctx: ImportContext, values: Record<string, unknown>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) if (value !== undefined) setPath(input, field, value);
  switch (ctx.template) {
    case 'user':
      return {
        ...input,
        companyId: ctx.ownerId,
        email_confirmation: input.email,
        warehouseIds: idsOf(ctx.warehouses, input.warehouseIds ?? []),
      };
    case 'company': {
      const address = (input.address ?? {}) as Record<string, unknown>;
      return {
        ...input,
        address: { ...address, isCompany: true, company: input.name },
        warehouseIds: idsOf(ctx.warehouses, input.warehouseIds ?? []),
      };
    }
    case 'product': {
      const supplier = String(input.supplierId ?? '');
      const warehouse = ctx.warehouses.find((w) => w.code === input.warehouseId);
      const sub = findSubFamily(String(input.familyId ?? ''));
      const given = Object.fromEntries(
        Object.entries((input.attributes ?? {}) as Record<string, unknown>).filter(([, v]) => !isEmpty(v)),
      );
      // As in the form, the capacity gives the default weight.
      const weight = weightForCapacity(capacityOf(String(given.capacity ?? '')) ?? Number.NaN);
      if (isEmpty(given.weight) && weight !== undefined) given.weight = String(weight);
      return {
        ...input,
        ownerId: ctx.ownerId,
        // Codes in the file, ids in the input; a code the account does not have stays visible to the schema.
        warehouseId: warehouse?.id ?? null,
        supplierId: supplier ? (ctx.suppliers.find((x) => x.code === supplier.toUpperCase())?.id ?? UNKNOWN) : null,
        // The sub-family's usual values fill what the row leaves empty, as the form starts with them.
        attributes: { ...(sub?.defaults ?? {}), ...given },
      };
    }
    case 'order':
      return orderRowInput(ctx, input);
    case 'contact':
      return {
        ...input,
        type: ctx.type,
        ownerId: ctx.ownerId,
        warehouseId: ctx.warehouseId,
        segment: ctx.segment,
      };
  }
}

/** A supplier code the account does not have. */
const UNKNOWN = '\u0000unknown';

/** The product form's rules that need the referential and the account (the API's `checked` does the same). */
const productSchema = (ctx: ImportContext) =>
  productInputSchema.superRefine((p, c) => {
    if (p.supplierId === UNKNOWN) issue(c, ['supplierId'], MESSAGES.invalid);
    else if (ctx.topAgent && isEmpty(p.supplierId)) issue(c, ['supplierId'], MESSAGES.required);
    if (!p.warehouseId && ctx.warehouses.length > 1) issue(c, ['warehouseId'], MESSAGES.required);
    const definitions = familyAttributes(p.familyId);
    if (!definitions) return;
    // Values of attributes the sub-family does not have, or that its other values switch off, are dropped (as
    // the API does); a value that is not among the offered choices is an error on its cell.
    const values = Object.fromEntries(
      Object.entries(p.attributes).filter(([id]) => {
        const a = definitions.find((d) => d.id === id);
        return a && isActive(a, p.attributes);
      }),
    );
    for (const [id, key] of Object.entries(validateAttributes(definitions, values))) issue(c, ['attributes', id], key);
  });

/** The entity's own create schema: the rules of the forms and of the API. */
function schemaOf(ctx: ImportContext): z.ZodType {
  switch (ctx.template) {
    case 'product':
      return productSchema(ctx);
    case 'user':
      return userCreateSchema;
    case 'company':
      return companyInputSchema;
    case 'contact':
      return contactCreateSchema;
    case 'order':
      return orderRowSchema(ctx);
  }
}

const REQUIRED_KEYS: string[] = [MESSAGES.required, ATTRIBUTE_MESSAGES.required];

/** Input fields a template fills from another cell: their issues are that cell's. */
const ALIASES: Record<string, string> = { email_confirmation: 'email', 'address.company': 'name' };

/**
 * Checks one row: each cell is read as its kind, the row becomes the entity's create input, and the entity's own
 * schema judges it. Every issue lands on the cell whose field it names; the rest are row errors.
 */
export function checkRow(ctx: ImportContext, row: ImportRow, columns = importColumns(ctx)): RowCheck {
  const cells: Record<string, CellCheck> = {};
  const values: Record<string, unknown> = {};
  for (const column of columns) {
    const read = readCell(column, row[column.key]);
    if (read.ok) {
      values[column.field] = read.value;
      cells[column.key] =
        column.required && isEmpty(read.value)
          ? { state: 'required', message: { key: MESSAGES.required } }
          : { state: 'valid' };
    } else cells[column.key] = { state: 'invalid', message: read.message };
  }
  const errors: CellMessage[] = [];
  const parsed = schemaOf(ctx).safeParse(toInput(ctx, values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      const column = columns.find((c) => path === c.field || path.startsWith(`${c.field}.`));
      const message = issueKey(issue);
      const alias = ALIASES[path];
      const target = column ?? (alias ? columns.find((c) => c.key === alias) : undefined);
      if (!target) {
        errors.push(message);
        continue;
      }
      const current = cells[target.key];
      if (current?.state === 'invalid' || current?.state === 'required') continue;
      cells[target.key] = {
        state: REQUIRED_KEYS.includes(message.key) ? 'required' : 'invalid',
        message,
      };
    }
  }
  const valid = errors.length === 0 && Object.values(cells).every((c) => c.state === 'valid');
  return { cells, errors, valid, input: valid && parsed.success ? parsed.data : undefined };
}

/**
 * The template's key that must be unique within one file; none ('') for orders, whose rows share their reference
 * (`OrderGroups` judges an order's rows together).
 */
export const uniqueKeyOf = (template: ImportTemplateName) =>
  template === 'user' ? 'email' : template === 'order' ? '' : 'code';

/** A row's unique key as rows of one file are compared (no case, no surrounding spaces); '' when empty. */
export const fileKeyOf = (row: ImportRow, key: string) => (row[key] ?? '').trim().toLowerCase();

/** Values of a column that appear in more than one row (compared without case). */
export function duplicateValues(rows: readonly ImportRow[], key: string): string[] {
  const seen = new Map<string, number>();
  for (const row of rows) {
    const v = fileKeyOf(row, key);
    if (v) seen.set(v, (seen.get(v) ?? 0) + 1);
  }
  return [...seen].filter(([, n]) => n > 1).map(([v]) => v);
}

/** A row's check once another row of the file has its unique key: invalid, on that cell. */
export const asDuplicate = (check: RowCheck, key: string): RowCheck => ({
  ...check,
  valid: false,
  input: undefined,
  cells: { ...check.cells, [key]: { state: 'invalid' as const, message: { key: IMPORT_MESSAGES.duplicate } } },
});

/**
 * Checks every row of a file: `checkRow`, then in-file duplicates of the unique key marked invalid on each of
 * their rows. `invalid` counts the rows that block the submit.
 */
export function checkRows(ctx: ImportContext, rows: readonly ImportRow[]) {
  const columns = importColumns(ctx);
  const key = uniqueKeyOf(ctx.template);
  const duplicates = new Set(duplicateValues(rows, key));
  const orders = new OrderGroups();
  if (ctx.template === 'order')
    rows.forEach((row, i) => {
      orders.add(i + 1, row);
    });
  const checks = rows.map((row) => {
    const check = checkRow(ctx, row, columns);
    if (ctx.template === 'order') return withGroupProblems(check, referenceOf(row), orders.problems(referenceOf(row)));
    return duplicates.has(fileKeyOf(row, key)) ? asDuplicate(check, key) : check;
  });
  return { checks, duplicates: [...duplicates], invalid: checks.filter((c) => !c.valid).length };
}
