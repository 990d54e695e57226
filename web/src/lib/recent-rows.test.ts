import { afterEach, describe, expect, it } from 'vitest';
import { recentRowOf, rememberWrite, writtenRow } from './recent-rows';
import { storage } from './storage';

afterEach(() => localStorage.clear());

describe('Function: writtenRow', () => {
  it.each([
    ['POST', '/api/contacts', { id: 'C1' }, { collection: '/api/contacts', id: 'C1' }],
    ['PUT', '/api/contacts/C1', { id: 'C1' }, { collection: '/api/contacts', id: 'C1' }],
    ['POST', '/api/contacts?include=x', { id: 'C1' }, { collection: '/api/contacts', id: 'C1' }],
    // An action on a row (a status change) is not an edit of the list's row.
    ['PUT', '/api/receptions/R1/status', { id: 'R1' }, null],
    ['DELETE', '/api/contacts/C1', { id: 'C1' }, null],
    ['POST', '/api/auth/token', { access_token: 'x' }, null],
    ['POST', '/api/contacts', null, null],
  ])('%s %s → %j', (method, path, answer, expected) => {
    expect(writtenRow(method, path, answer)).toEqual(expected);
  });
});

describe('Function: recentRowOf', () => {
  it('names the row last saved in that list only, and keeps it through writes that save no row', () => {
    // Act
    rememberWrite('POST', '/api/contacts', { id: 'C1' });
    rememberWrite('POST', '/api/auth/token', { access_token: 'x' });
    // Assess
    expect(recentRowOf('/api/contacts')).toBe('C1');
    expect(recentRowOf('/api/products')).toBeNull();
  });

  it('forgets the row once the session that saved it has ended: the next user of the tab is not shown it', () => {
    // Prepare
    storage.set('token', 'A');
    rememberWrite('POST', '/api/contacts', { id: 'C2' });
    // Act
    storage.clearSession();
    storage.set('token', 'B');
    // Assess
    expect(recentRowOf('/api/contacts')).toBeNull();
  });
});
