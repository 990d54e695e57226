import { describe, expect, it } from 'vitest';
import { mayActAs } from './impersonation';

type Level = 1 | 2 | 10 | 100;
const user = (roleLevel: Level, childIds: string[] = []) => ({ id: 'U1', companyId: 'C1', roleLevel, childIds });
const target = (id: string, roleLevel: Level = 2) => ({ id, companyId: 'C2', roleLevel });

describe('Function: mayActAs', () => {
  it.each([
    ['the superadmin, any user', user(100), target('U9'), true],
    ['the superadmin, another superadmin', user(100), target('U9', 100), true],
    ['an admin, its child', user(10, ['U2', 'U3']), target('U3'), true],
    ['a reader, its reader child', user(1, ['U2']), target('U2', 1), true],
    ['a reader, its child promoted to writer since', user(1, ['U2']), target('U2', 2), false],
    ['an admin, a child that became a superadmin', user(10, ['U2']), target('U2', 100), false],
    ['an admin, a user that is not its child', user(10, ['U2']), target('U9'), false],
    ['a customer admin without children, a user of its company', user(10), target('U2'), false],
    ['nobody (the real user is gone)', undefined, target('U2'), false],
  ] as const)('%s → %s', (_, real, who, expected) => {
    expect(mayActAs(real, who)).toBe(expected);
  });
});
