/**
 * The query parameters of a list route in the OpenAPI document, from its ListSpec: the filter language
 * (shared/src/filter/query.ts) with the fields, sorts and includes that list allows, paging, and its extra
 * parameters (the CSV export's among them).
 */
import {
  DEFAULT_PAGE_SIZE,
  EXPORT_FORMATS,
  FILTER_VALUE_MAX,
  LIST_PARAM_VALUES,
  type ListSpec,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  OPERATORS,
  PAGE_SIZES,
} from '@cellar/shared/filter/query';

type Json = Record<string, unknown>;

/** The component every filter field refers to. */
export const LIST_FILTER = 'ListFilter';

export const listFilterSchema: Json = {
  description:
    'filter[field]=v is equality, a comma-joined list meaning any of its values; filter[field][op]=v applies one ' +
    `operator (${OPERATORS.join(', ')}); bt takes two values. \\, is a literal comma, NULL means no value, and a ` +
    `date range ends at 23:59:59 of its last day. A value holds at most ${FILTER_VALUE_MAX} characters.`,
  anyOf: [
    { type: 'string', maxLength: FILTER_VALUE_MAX },
    {
      type: 'object',
      propertyNames: { enum: [...OPERATORS] },
      additionalProperties: { type: 'string', maxLength: FILTER_VALUE_MAX },
      minProperties: 1,
    },
  ],
};

/** A comma-joined list (form style, not exploded): sort=-code,label. */
const commaList = (name: string, description: string, items: Json): Json => ({
  name,
  in: 'query',
  description,
  style: 'form',
  explode: false,
  schema: { type: 'array', items, uniqueItems: true },
});

const EXPORT_PARAMETERS: Record<string, (spec: ListSpec) => Json> = {
  output: () => ({
    name: 'output',
    in: 'query',
    description:
      'csv answers the list as a UTF-8 CSV file (BOM, ";" separator), xlsx as an XLSX workbook (typed cells; ask it with its media type in Accept), instead of JSON.',
    schema: { type: 'string', enum: [...EXPORT_FORMATS] },
  }),
  columns: (spec) =>
    commaList(
      'columns',
      `The columns a CSV export writes, in this order; all of them by default: ${(spec.columns ?? []).join(', ')}.`,
      { type: 'string' },
    ),
  start_date: () => ({
    name: 'start_date',
    in: 'query',
    description: 'A CSV export from this day on (a Europe/Paris day).',
    schema: { type: 'string', format: 'date' },
  }),
  end_date: () => ({
    name: 'end_date',
    in: 'query',
    description: 'A CSV export up to this day, included (a Europe/Paris day).',
    schema: { type: 'string', format: 'date' },
  }),
  dates: () => ({
    name: 'dates',
    in: 'query',
    description:
      'How a CSV export writes dates: local (the default) as people read them in the Accept-Language language, in ' +
      'the Europe/Paris time zone (23/11/2026 14:05, 23 Nov 2026 14:05); iso as stored (ISO 8601, instants in UTC).',
    schema: { type: 'string', enum: ['local', 'iso'], default: 'local' },
  }),
};

export function listParameters(spec: ListSpec): Json[] {
  const filterFields = Object.fromEntries(
    spec.filters.map((f) => [f, { $ref: `#/components/schemas/${LIST_FILTER}` }]),
  );
  const parameters: Json[] = [
    {
      name: 'filter',
      in: 'query',
      description: `Filters, by field: ${spec.filters.join(', ')}.`,
      style: 'deepObject',
      explode: true,
      schema: { type: 'object', properties: filterFields, additionalProperties: false },
      // Viewers otherwise prefill every field with a placeholder, which a tried request would send.
      example: {},
    },
  ];
  if (spec.sorts.length) {
    const sorts = spec.sorts.flatMap((s) => [s, `-${s}`]);
    parameters.push(
      commaList('sort', 'Sort keys, in order; a leading - sorts descending.', { type: 'string', enum: sorts }),
    );
  }
  if (spec.includes.length) {
    parameters.push(commaList('include', 'Related records to embed.', { type: 'string', enum: [...spec.includes] }));
  }
  parameters.push(
    {
      name: 'page',
      in: 'query',
      description: 'The page to answer, from 1.',
      schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 },
    },
    {
      name: 'paginate',
      in: 'query',
      description: `Rows per page (the grid offers ${PAGE_SIZES.join(', ')}).`,
      schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE },
    },
    {
      name: 'cursor',
      in: 'query',
      description:
        'The `meta.cursor` of the page before `page`: that page is then read from where the previous one ended.',
      schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,2000}$' },
    },
  );
  for (const name of spec.params ?? []) {
    // The values the list checks it against (shared/src/filter/query.ts), or any text.
    const values = Object.hasOwn(LIST_PARAM_VALUES, name) ? LIST_PARAM_VALUES[name] : undefined;
    const schema: Json = { type: 'string' };
    if (values?.enum) schema.enum = [...values.enum];
    if (values?.maxLength !== undefined) schema.maxLength = values.maxLength;
    parameters.push(
      EXPORT_PARAMETERS[name]?.(spec) ?? {
        name,
        in: 'query',
        ...(values ? { description: values.description } : {}),
        schema,
      },
    );
  }
  return parameters;
}
