import { afterEach, describe, expect, it } from 'vitest';
import { storage, tabStorage, userStorage } from './storage';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('Method: storage.clearSession', () => {
  it('forgets the tokens, every user’s choices and every draft the tab kept, and keeps the device’s language', () => {
    // Prepare
    storage.set('token', 't1');
    userStorage.set('selectedWarehouses', 'u1', '["W1"]');
    userStorage.set('selectedWarehouses', 'u2', '["W2"]');
    storage.set('impersonationToken', 't2');
    storage.set('language', 'en');
    tabStorage.set('currentShippingOrder', '{"step":1}');
    tabStorage.set('currentReception', 'R1');
    // Act
    storage.clearSession();
    // Assess
    expect(storage.get('token')).toBeNull();
    expect(storage.get('impersonationToken')).toBeNull();
    expect(userStorage.get('selectedWarehouses', 'u1')).toBeNull();
    expect(userStorage.get('selectedWarehouses', 'u2')).toBeNull();
    expect(tabStorage.get('currentShippingOrder')).toBeNull();
    expect(tabStorage.get('currentReception')).toBeNull();
    expect(storage.get('language')).toBe('en');
  });
});
