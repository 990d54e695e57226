/**
 * A value unique across records but not part of their key (a user's e-mail) is claimed by an item of its own: a taken
 * value is refused on its field, a changed value frees the old one, and a removed record frees its values.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ItemExistsError, StaleVersionError } from '../../functions/src/errors';
import { findUserByEmail, insertUser, removeUser, saveUser, type UserItem } from '../../functions/src/users/repository';
import { type Harness, startHarness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ seed: false });
}, 120_000);
afterAll(() => h?.stop());

const user = (id: string, email: string): UserItem => ({
  id,
  email,
  passwordHash: 'x',
  firstname: 'A',
  lastname: id,
  roleLevel: 2,
  active: true,
  locale: 'fr-FR',
  companyId: 'C1',
  companyCode: 'C1',
  warehouseIds: [],
  scope: [],
  notificationChannels: [],
  childIds: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  version: 1,
});

describe('Claimed values (a user’s e-mail)', () => {
  it('refuses a taken e-mail on its field, frees it when it changes and when the user goes', async () => {
    // Prepare
    const x = user('X', 'same@claims.test');
    await insertUser(x, {});
    // Act / Assess: taken
    const clash = insertUser(user('Y', 'same@claims.test'), {});
    await expect(clash).rejects.toBeInstanceOf(ItemExistsError);
    await expect(clash).rejects.toMatchObject({ details: { fields: { email: ['validation.unique'] } } });
    expect((await findUserByEmail('same@claims.test'))?.id).toBe('X');
    // Act / Assess: changed, the old value is free and the new one found
    const moved = await saveUser({ ...x, email: 'other@claims.test' }, x);
    await insertUser(user('Y', 'same@claims.test'), {});
    expect((await findUserByEmail('same@claims.test'))?.id).toBe('Y');
    expect((await findUserByEmail('other@claims.test'))?.id).toBe('X');
    // Act / Assess: removed, its value is free
    await removeUser(moved);
    expect(await findUserByEmail('other@claims.test')).toBeUndefined();
    await insertUser(user('Z', 'other@claims.test'), {});
    expect((await findUserByEmail('other@claims.test'))?.id).toBe('Z');
  });

  it('keeps the old claim when the change is refused (a stale version)', async () => {
    // Prepare
    const w = user('W', 'w@claims.test');
    await insertUser(w, {});
    await saveUser({ ...w, firstname: 'B' }, w);
    // Act: a second edit from the same read, changing the e-mail
    const late = saveUser({ ...w, email: 'w2@claims.test' }, w);
    // Assess
    await expect(late).rejects.toBeInstanceOf(StaleVersionError);
    expect((await findUserByEmail('w@claims.test'))?.id).toBe('W');
    expect(await findUserByEmail('w2@claims.test')).toBeUndefined();
  });
});
