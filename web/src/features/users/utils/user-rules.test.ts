import { ROLES, type RoleSlug } from '@cellar/shared/access/roles';
import { userCreateSchema, userUpdateSchema } from '@cellar/shared/users/schemas';
import { describe, expect, it } from 'vitest';
import {
  activationBody,
  canImpersonate,
  canManage,
  defaultRole,
  newUserValues,
  roleChoices,
  toCreateBody,
  toUpdateBody,
} from './user-rules';

const principal = (role: RoleSlug, scope: string[] = ['*']) => ({ role: ROLES[role], scope });

describe('Function: roleChoices', () => {
  it.each([
    ['superadmin', ['admin', 'user', 'reader']],
    ['admin', ['user', 'reader']],
    ['user', ['reader']],
    ['reader', []],
  ] as const)('offers a %s the roles strictly below, highest first', (role, roles) => {
    expect(roleChoices(principal(role))).toEqual(roles);
  });
});

describe('Function: defaultRole', () => {
  it('is user in the client-user form', () => {
    expect(defaultRole(principal('superadmin'), false)).toBe('user');
    expect(defaultRole(principal('admin'), false)).toBe('user');
  });

  it('is the highest role one may give in the user administration form', () => {
    expect(defaultRole(principal('superadmin'), true)).toBe('admin');
    expect(defaultRole(principal('admin'), true)).toBe('user');
  });
});

describe('Function: canManage', () => {
  const me = { id: 'ME', companyId: 'C1' };
  it('never offers actions on one’s own row', () => {
    expect(canManage(principal('superadmin'), me, { id: 'ME', role: 'superadmin', companyId: 'C1' })).toBe(false);
  });

  it('offers actions as the API allows them: lower roles of one’s company, every other user for the superadmin', () => {
    expect(canManage(principal('admin'), me, { id: 'U', role: 'user', companyId: 'C1' })).toBe(true);
    expect(canManage(principal('admin'), me, { id: 'A', role: 'admin', companyId: 'C1' })).toBe(false);
    expect(canManage(principal('admin'), me, { id: 'U', role: 'user', companyId: 'C2' })).toBe(false);
    expect(canManage(principal('superadmin'), me, { id: 'A', role: 'admin', companyId: 'C2' })).toBe(true);
    expect(canManage(principal('superadmin'), me, { id: 'S', role: 'superadmin', companyId: 'C1' })).toBe(true);
  });
});

describe('Function: canImpersonate', () => {
  it('lets the superadmin act as another active user', () => {
    expect(canImpersonate(principal('superadmin'), { id: 'ME' }, { id: 'U', active: true })).toBe(true);
    expect(canImpersonate(principal('superadmin'), { id: 'ME' }, { id: 'U', active: false })).toBe(false);
    expect(canImpersonate(principal('superadmin'), { id: 'ME' }, { id: 'ME', active: true })).toBe(false);
    expect(canImpersonate(principal('admin'), { id: 'ME' }, { id: 'U', active: true })).toBe(false);
  });
});

describe('Function: toCreateBody', () => {
  const filled = () => ({
    ...newUserValues('C1', 'user'),
    lastname: 'Durand',
    firstname: 'Alice',
    email: 'alice@cli001.test',
    email_confirmation: 'alice@cli001.test',
    warehouseIds: ['W1'],
    scope: ['order'],
  });

  it('sends the company only when the creator chooses it', () => {
    expect(toCreateBody(filled(), true).companyId).toBe('C1');
    expect(toCreateBody(filled(), false)).not.toHaveProperty('companyId');
  });

  it('builds a body the shared schema accepts', () => {
    expect(userCreateSchema.safeParse(toCreateBody(filled(), true)).success).toBe(true);
  });
});

describe('Function: toUpdateBody', () => {
  const values = {
    lastname: 'Durand',
    firstname: 'Alice',
    role: 'user',
    warehouseIds: ['W1'],
    scope: ['*'],
    childIds: ['C'],
  };

  it('sends the children only for a superadmin', () => {
    expect(toUpdateBody(values, true).childIds).toEqual(['C']);
    expect(toUpdateBody(values, false)).not.toHaveProperty('childIds');
    expect(userUpdateSchema.safeParse(toUpdateBody(values, true)).success).toBe(true);
  });
});

describe('Function: activationBody', () => {
  it('re-sends the row with the new flag, and nothing else', () => {
    const row = {
      id: 'U',
      firstname: 'Alice',
      lastname: 'Durand',
      name: 'Alice Durand',
      email: 'a@b.test',
      role: 'user',
      roleLevel: 2,
      active: true,
      locale: 'fr-FR',
      companyId: 'C1',
      notificationChannels: ['mail' as const],
      notificationEvents: [],
      warehouseIds: ['W1'],
      scope: ['order'],
    };
    expect(activationBody(row, false)).toEqual({
      lastname: 'Durand',
      firstname: 'Alice',
      role: 'user',
      warehouseIds: ['W1'],
      scope: ['order'],
      active: false,
    });
  });
});
