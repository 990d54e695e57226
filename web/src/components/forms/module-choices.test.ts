import { describe, expect, it } from 'vitest';
import { moduleChoices } from './module-choices';

describe('Function: moduleChoices', () => {
  it('groups every module, and every-module, for whoever holds them all', () => {
    const groups = moduleChoices(['*']);
    expect(groups.map((g) => g.group)).toEqual([
      'scopes.groups.reception',
      'scopes.groups.order',
      'scopes.groups.shipping',
      'scopes.groups.stock',
      'scopes.groups.production',
      'scopes.groups.other',
    ]);
    // 'all' grants what '*' grants: one entry, not two.
    expect(groups.at(-1)?.scopes).toEqual(['document', '*']);
  });

  it('offers a holder of all (not *) its one every-module entry', () => {
    expect(moduleChoices(['all']).at(-1)?.scopes).toEqual(['document', 'all']);
  });

  it('offers only one’s own modules, and drops empty groups', () => {
    expect(moduleChoices(['order', 'stock'])).toEqual([
      { group: 'scopes.groups.order', scopes: ['order'] },
      { group: 'scopes.groups.stock', scopes: ['stock'] },
    ]);
  });
});
