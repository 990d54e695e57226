import { afterEach, describe, expect, it } from 'vitest';
import { storage, tabStorage } from './storage';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('Method: storage.clearSession', () => {
  it('forgets the tokens and every draft the tab kept, and keeps the device’s language', () => {
    // Prepare
    storage.set('token', 't1');
    storage.set('impersonationToken', 't2');
    storage.set('language', 'en');
    tabStorage.set('currentShippingOrder', '{"step":1}');
    tabStorage.set('currentReception', 'R1');
    // Act
    storage.clearSession();
    // Assess
    expect(storage.get('token')).toBeNull();
    expect(storage.get('impersonationToken')).toBeNull();
    expect(tabStorage.get('currentShippingOrder')).toBeNull();
    expect(tabStorage.get('currentReception')).toBeNull();
    expect(storage.get('language')).toBe('en');
  });
});
