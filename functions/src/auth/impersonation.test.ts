import { describe, expect, it } from 'vitest';
import { mayActAs } from './impersonation';

const user = (roleLevel: 1 | 2 | 10 | 100, childIds: string[] = []) => ({ roleLevel, childIds });

describe('Function: mayActAs', () => {
  it.each([
    ['the superadmin, any user', user(100), 'U9', true],
    ['an admin, its child', user(10, ['U2', 'U3']), 'U3', true],
    ['a reader, its child', user(1, ['U2']), 'U2', true],
    ['an admin, a user that is not its child', user(10, ['U2']), 'U9', false],
    ['a customer admin without children, a user of its company', user(10), 'U2', false],
    ['nobody (the real user is gone)', undefined, 'U2', false],
  ] as const)('%s → %s', (_, real, targetId, expected) => {
    // Act
    const allowed = mayActAs(real, targetId);
    // Assess
    expect(allowed).toBe(expected);
  });
});
