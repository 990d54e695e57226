import { describe, expect, it } from 'vitest';
import {
  accessRefusal,
  assignableRoles,
  canAccess,
  canSendTransmittingOrder,
  canUpdateStatus,
  effectiveScope,
  grantableScopes,
  hasAnyScope,
  hasScope,
  isReader,
  isSuperadmin,
  isWritter,
  MODULE_SCOPES,
  mayGrantScopes,
  ROLES,
  roleLevel,
  roleSlug,
  UnknownRoleError,
} from './roles';

const as = (role: 1 | 2 | 10 | 100, scope: string[] = ['*']) => ({ role, scope });

describe('Roles', () => {
  it('maps words and levels both ways', () => {
    expect(roleLevel('reader')).toBe(1);
    expect(roleLevel('superadmin')).toBe(100);
    expect(roleSlug(10)).toBe('admin');
  });
  it('throws on unknown role strings and levels', () => {
    expect(() => roleLevel('owner')).toThrow(UnknownRoleError);
    expect(() => roleLevel('toString')).toThrow('Error role is undefined');
    expect(() => roleSlug(5)).toThrow(UnknownRoleError);
  });
  it('lets a creator assign only roles strictly below its own', () => {
    expect(assignableRoles(ROLES.admin)).toEqual(['reader', 'user']);
    expect(assignableRoles(ROLES.superadmin)).toEqual(['reader', 'user', 'admin']);
    expect(assignableRoles(ROLES.reader)).toEqual([]);
  });
});

describe('Function: canAccess', () => {
  it.each([
    [null, 0, [], true],
    [null, 1, [], false],
    [as(1), 1, [], true],
    [as(1), 2, [], false],
    [as(2), 2, [], true],
    [as(10), 100, [], false],
    [as(100), 100, [], true],
    [as(2, ['order']), 1, ['recipient'], false],
    [as(2, ['recipient']), 1, ['supplier', 'recipient'], true],
    [as(2, ['*']), 1, ['carrier'], true],
  ] as const)('%j at level %s with scopes %j → %s', (p, level, scopes, ok) => {
    expect(canAccess(p, level, scopes)).toBe(ok);
  });
  it("treats '*' as every scope", () => expect(hasScope(['*'], 'stockMovement')).toBe(true));
});

describe('Function: accessRefusal', () => {
  it.each([
    ['a reader on a writer’s page of its module', as(1, ['order']), 2, ['order'], { level: 2 }],
    ['a writer without the page’s module', as(2, ['reception']), 1, ['order'], { scopes: ['order'] }],
    ['a reader lacking both', as(1, ['reception']), 2, ['order'], { level: 2, scopes: ['order'] }],
    ['a writer on an admin page without modules', as(2), 10, [], { level: 10 }],
    ['no one signed in', null, 1, ['order'], { level: 1, scopes: ['order'] }],
  ] as const)('names what %s lacks', (_, p, level, scopes, refusal) => {
    // Act
    const lacking = accessRefusal(p, level, scopes);
    // Assess
    expect(lacking).toEqual(refusal);
  });

  it.each([
    [as(2, ['order']), 2, ['order']],
    [as(1, ['recipient']), 1, ['supplier', 'recipient']],
    [null, 0, []],
  ] as const)('refuses nothing to %j at level %s with scopes %j', (p, level, scopes) => {
    expect(accessRefusal(p, level, scopes)).toBeNull();
  });
});

describe('Capabilities', () => {
  it.each([
    [1, false, true, false, false],
    [2, true, false, false, false],
    [10, true, false, true, false],
    [100, true, false, true, true],
  ] as const)('level %s: writer %s, reader %s, status %s, resend %s', (level, w, r, s, t) => {
    const p = as(level);
    expect(isWritter(p)).toBe(w);
    expect(isReader(p)).toBe(r);
    expect(canUpdateStatus(p)).toBe(s);
    expect(canSendTransmittingOrder(p)).toBe(t);
  });
});

describe('Function: grantableScopes', () => {
  it.each([
    ['every module and * for *', ['*'], [...MODULE_SCOPES, '*']],
    ['every module but not * for all', ['all'], [...MODULE_SCOPES]],
    ['only what one holds', ['order', 'recipient'], ['recipient', 'order']],
    ['nothing for nothing', [], []],
  ])('%s', (_, granted, expected) => {
    // Act
    const out = grantableScopes(granted);
    // Assess
    expect(out).toEqual(expected);
  });

  it('refuses * to whoever does not hold it, and a module one lacks', () => {
    expect(mayGrantScopes(['all'], ['*'])).toBe(false);
    expect(mayGrantScopes(['order'], ['order', 'stock'])).toBe(false);
    expect(mayGrantScopes(['*'], ['*', 'stock'])).toBe(true);
  });
});

describe('Function: hasScope', () => {
  it.each([
    ['a granted module', ['order', 'recipient'], 'recipient', true],
    ['a module not granted', ['order', 'recipient'], 'supplier', false],
    ['any module to all', ['all'], 'stockMovement', true],
    ['any module to *', ['*'], 'carrier', true],
    ['nothing to no grant', [], 'product', false],
  ] as const)('%s → %s', (_, granted, scope, expected) => {
    // Act
    const held = hasScope(granted, scope);
    // Assess
    expect(held).toBe(expected);
  });
});

describe('Function: hasAnyScope', () => {
  it.each([
    ['no scope asked (a route of every module)', [], [], true],
    ['one of the scopes held', ['stock'], ['stock', 'stockMovement'], true],
    ['none of the scopes held', ['order'], ['stock', 'stockMovement'], false],
  ] as const)('%s → %s', (_, granted, scopes, expected) => {
    // Act
    const held = hasAnyScope(granted, scopes);
    // Assess
    expect(held).toBe(expected);
  });
});

describe('Function: isSuperadmin', () => {
  it.each([
    [null, false],
    [undefined, false],
    [as(1), false],
    [as(10), false],
    [as(100, []), true],
  ] as const)('%j → %s', (p, expected) => {
    // Act
    const out = isSuperadmin(p);
    // Assess
    expect(out).toBe(expected);
  });
});

describe('Function: effectiveScope', () => {
  it("bounds a client user's modules by its company's", () => {
    expect(effectiveScope(ROLES.admin, ['order', 'recipient', 'stock'], ['order', 'recipient'])).toEqual([
      'order',
      'recipient',
    ]);
    expect(effectiveScope(ROLES.user, ['*'], ['order'])).toEqual(['order']);
    expect(effectiveScope(ROLES.user, ['order'], ['*'])).toEqual(['order']);
    expect(effectiveScope(ROLES.reader, ['stock'], [])).toEqual([]);
  });

  it("leaves the provider's staff unbound by a company", () => {
    expect(effectiveScope(ROLES.superadmin, ['*'], ['order'])).toEqual(['*']);
  });
});
