/**
 * A record's value at a dotted path (`owner.code`); through an array, the values of each of its items, flattened
 * (`lines.productCode`). What a filter, a sort key and an export column read of a row.
 */
export function getPath(record: unknown, path: string): unknown {
  let cur: unknown = record;
  for (const part of path.split('.')) {
    if (Array.isArray(cur)) cur = cur.flatMap((x) => getPath(x, part) as unknown[]);
    else if (cur && typeof cur === 'object') cur = (cur as Record<string, unknown>)[part];
    else return undefined;
  }
  return cur;
}
