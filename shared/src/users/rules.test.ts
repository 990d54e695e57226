import { describe, expect, it } from 'vitest';
import { type AccountHolder, canManageUser } from './rules';

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
