/**
 * How imports speak to people, in the reader's language: a column's name, and the template file with its commented
 * guide (what each column takes, the limits). The handler words the template for the caller; the worker words a
 * refused row's messages for the uploader (the job's language).
 */
import { type Language, translate } from '@cellar/shared/i18n/messages';
import { orderImportText } from '@cellar/shared/imports/order-texts';
import {
  IMPORT_MAX_MEGABYTES,
  IMPORT_MAX_ROWS,
  type ImportColumn,
  type ImportTemplateName,
} from '@cellar/shared/imports/templates';
import { csvResponse } from '../platform/http/csv';

/** An import message in the reader's language: the order import's own words, else the shared catalogue's. */
export function importText(lang: Language, key: string, values: Record<string, unknown> = {}): string {
  const own = orderImportText(lang, key);
  if (own === undefined) return translate(lang, key, values);
  return own.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));
}

/** A column's name for people: the referential's for attributes, else the import messages'. */
export const columnLabel = (column: ImportColumn, lang: Language) =>
  column.label ? column.label[lang] : importText(lang, `import.columns.${column.key}`);

/** One hint line per column of the template file: label, required, accepted values. */
function hint(column: ImportColumn, lang: Language): string {
  const parts = [`${column.key}: ${columnLabel(column, lang)}`];
  if (column.required) parts.push(translate(lang, 'import.template_required'));
  if (column.kind === 'boolean') parts.push(translate(lang, 'import.template_boolean'));
  if (column.kind === 'multiselect') parts.push(translate(lang, 'import.template_list'));
  if (column.options?.length)
    parts.push(`${translate(lang, 'import.template_values')} ${column.options.join(', ') || '-'}`);
  return `# ${parts.join(' · ')}`;
}

/** The template file: its guide as comment lines, then the header of column keys. */
export function templateFile(template: ImportTemplateName, columns: readonly ImportColumn[], lang: Language) {
  const number = new Intl.NumberFormat(lang);
  const lines = [
    `# ${translate(lang, 'import.template_intro')}`,
    `# ${translate(lang, 'import.template_limits', { rows: number.format(IMPORT_MAX_ROWS), megabytes: number.format(IMPORT_MAX_MEGABYTES) })}`,
    ...columns.map((c) => hint(c, lang)),
    columns.map((c) => c.key).join(';'),
  ];
  return csvResponse(`${template}.csv`, `\uFEFF${lines.join('\r\n')}\r\n`);
}
