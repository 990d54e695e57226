/**
 * Every number a request may carry is bounded in its shared schema: the route table's path, query and body schemas
 * are walked, and each number in them must have a lower and an upper bound of its own (zod's min and max checks,
 * which the published document shows), narrower than zod's safe-integer range. A number near 2^53 is then a clear
 * 422 naming its field, never a server error, a stored giant or a warehouse message its contract refuses.
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { routes } from './table';

type Schema = z.core.$ZodType;

/** Where each number of a schema is, and what is wrong with its bounds (nothing: not listed). */
function unbounded(schema: Schema, at: string, out: string[] = [], seen = new Set<Schema>()): string[] {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, any>;
  switch (def.type) {
    case 'number': {
      // zod's own: -Infinity and Infinity unless checked, the safe-integer range for an integer.
      const { minValue, maxValue } = schema as z.ZodNumber;
      const bounded = (n: number | null) => n !== null && Math.abs(n) < Number.MAX_SAFE_INTEGER;
      if (!bounded(minValue) || !bounded(maxValue)) out.push(`${at}: number from ${minValue} to ${maxValue}`);
      break;
    }
    case 'bigint':
      out.push(`${at}: a bigint`);
      break;
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, Schema>))
        unbounded(value, `${at}.${key}`, out, seen);
      // A loose object's other keys pass through unread (the selected grid rows of a resend: their ids only).
      if (def.catchall && def.catchall._zod.def.type !== 'unknown') unbounded(def.catchall, `${at}.*`, out, seen);
      break;
    case 'array':
      unbounded(def.element, `${at}[]`, out, seen);
      break;
    case 'record':
      unbounded(def.keyType, `${at}{key}`, out, seen);
      unbounded(def.valueType, `${at}{}`, out, seen);
      break;
    case 'tuple':
      (def.items as Schema[]).forEach((item, i) => {
        unbounded(item, `${at}[${i}]`, out, seen);
      });
      if (def.rest) unbounded(def.rest, `${at}[…]`, out, seen);
      break;
    case 'union':
      for (const option of def.options as Schema[]) unbounded(option, at, out, seen);
      break;
    case 'intersection':
      unbounded(def.left, at, out, seen);
      unbounded(def.right, at, out, seen);
      break;
    case 'pipe':
      // What reaches the code is the pipe's output: its input is read as it, then checked there (a whole number
      // typed as digits is bounded once it is a number). A transform's output has no schema: its input has.
      unbounded(def.out._zod.def.type === 'transform' ? def.in : def.out, at, out, seen);
      break;
    case 'lazy':
      // A recursive schema is walked once.
      if (!seen.has(schema)) unbounded(def.getter(), at, out, seen.add(schema));
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      unbounded(def.innerType, at, out, seen);
      break;
    case 'string':
    case 'boolean':
    case 'literal':
    case 'enum':
    case 'null':
    case 'undefined':
    case 'template_literal':
    case 'never':
      break;
    default:
      // A kind the walk does not look into could hide a number: it must be taught here first.
      out.push(`${at}: a ${def.type} the walk cannot look into`);
  }
  return out;
}

const requestSchemas = Object.entries(routes).flatMap(([key, route]) =>
  (['params', 'query', 'body'] as const).flatMap((part) => {
    const schema = (route as Partial<Record<typeof part, Schema>>)[part];
    return schema ? [[`${key}.${part}`, schema] as const] : [];
  }),
);

describe('Request schemas', () => {
  it('bound every number a request carries, below and above', () => {
    expect(requestSchemas.length).toBeGreaterThan(50);
    expect(requestSchemas.flatMap(([at, schema]) => unbounded(schema, at))).toEqual([]);
  });

  it('are walked far enough to see a number wherever it hides', () => {
    const hidden = z.object({
      a: z.array(z.record(z.string(), z.union([z.string(), z.number().int()]))).optional(),
      b: z.lazy(() => z.number().min(0)),
      c: z.union([z.number(), z.string()]).transform(Number).pipe(z.number().min(0).max(9)),
      d: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
      e: z.tuple([z.string()], z.bigint()),
      f: z.number().int().min(1).max(10).nullish().default(null),
    });
    expect(unbounded(hidden, 'x')).toEqual([
      'x.a[]{}: number from -9007199254740991 to 9007199254740991',
      'x.b: number from 0 to Infinity',
      'x.d: number from 0 to 9007199254740991',
      'x.e[…]: a bigint',
    ]);
    expect(unbounded(z.map(z.string(), z.number()), 'x')).toEqual(['x: a map the walk cannot look into']);
  });
});
