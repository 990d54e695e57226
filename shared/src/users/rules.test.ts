import { describe, expect, it } from 'vitest';
import { type AccountHolder, canManageUser, mayBeChild } from './rules';

const holder = (id: string, role: AccountHolder['role'], companyId = 'C1'): AccountHolder => ({ id, role, companyId });

describe('Function: canManageUser', () => {
  it.each([
    ['a superadmin, another superadmin', holder('s1', 100, 'P'), holder('s2', 100, 'P'), true],
    ['a superadmin, a client admin', holder('s1', 100, 'P'), holder('a', 10), true],
    ['a superadmin, itself', holder('s1', 100, 'P'), holder('s1', 100, 'P'), false],
    ['an admin, a user of its company', holder('a', 10), holder('u', 2), true],
    ['an admin, another admin of its company', holder('a', 10), holder('a2', 10), false],
    ['an admin, a reader of another company', holder('a', 10), holder('r', 1, 'C2'), false],
    ['a user, a reader of its company', holder('u', 2), holder('r', 1), true],
    ['a reader, anyone', holder('r', 1), holder('r2', 1), false],
  ] as const)('%s → %s', (_, manager, target, expected) => {
    // Act
    const allowed = canManageUser(manager, target);
    // Assess
    expect(allowed).toBe(expected);
  });
});

describe('Function: mayBeChild', () => {
  it.each([
    ['an admin, an admin of another company', holder('a', 10), holder('b', 10, 'C2'), true],
    ['an admin, a reader', holder('a', 10), holder('r', 1, 'C2'), true],
    ['a user, an admin (a higher role)', holder('u', 2), holder('a', 10, 'C2'), false],
    ['an admin, a superadmin', holder('a', 10), holder('s', 100, 'P'), false],
    ['a superadmin, anyone (it needs no children)', holder('s', 100, 'P'), holder('a', 10), false],
    ['an admin, itself', holder('a', 10), holder('a', 10), false],
  ] as const)('%s → %s', (_, parent, child, expected) => {
    expect(mayBeChild(parent, child)).toBe(expected);
  });
});
