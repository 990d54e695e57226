import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compilePath, fillPath } from '../api/path';
import { RESOURCES, routeList, routes } from './table';

describe('The route table', () => {
  it('declares each method and path once', () => {
    const keys = routeList.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
  it('names only known resources, each with its Lambda handler', () => {
    for (const r of routeList) expect(RESOURCES).toContain(r.resource);
    for (const res of RESOURCES) {
      expect(existsSync(resolve(import.meta.dirname, `../../../functions/src/${res}/handler.ts`))).toBe(true);
    }
  });
  it('says which columns every CSV export may write', () => {
    for (const [name, r] of Object.entries(routes))
      if ('csv' in r && r.csv) expect(r.list?.columns?.length, name).toBeGreaterThan(0);
  });
  it('declares path parameters with a params schema', () => {
    for (const [name, r] of Object.entries(routes))
      if (r.path.includes('{')) expect('params' in r && r.params, name).toBeDefined();
  });
  it('compiles and fills paths', () => {
    const { regex, names } = compilePath('/api/contacts/{id}');
    expect(names).toEqual(['id']);
    expect(regex.test('/api/contacts/01ABC')).toBe(true);
    expect(regex.test('/api/contacts/01ABC/x')).toBe(false);
    expect(fillPath('/api/contacts/{id}', { id: 'a/b' })).toBe('/api/contacts/a%2Fb');
  });
});
