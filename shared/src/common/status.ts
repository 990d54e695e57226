/**
 * Status lists: codes with their names and label keys (spec 1 §4). Allowed transitions are not specified: any change
 * is permitted to those with the update-status right.
 */

interface StatusDef<Name extends string> {
  code: string;
  name: Name;
  labelKey: string;
}

export function defs<const T extends readonly StatusDef<string>[]>(list: T) {
  const byCode = new Map(list.map((d) => [d.code, d]));
  return {
    list,
    codes: list.map((d) => d.code) as T[number]['code'][],
    byCode: (code: string) => byCode.get(code),
    code: (name: T[number]['name']) => list.find((d) => d.name === name)?.code as string,
  };
}

export const DRAFT = '000';
