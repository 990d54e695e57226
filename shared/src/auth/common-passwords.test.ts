import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords';

describe('isCommonPassword', () => {
  it('refuses the common passwords, whatever their case', () => {
    expect(isCommonPassword('qwertyuiop')).toBe(true);
    expect(isCommonPassword('Password123')).toBe(true);
    expect(isCommonPassword('1q2w3e4r5t')).toBe(true);
  });

  it('refuses a common word dressed with digits or symbols', () => {
    expect(isCommonPassword('Sunshine2026!')).toBe(true);
    expect(isCommonPassword('2026-football')).toBe(true);
  });

  it('accepts a password that is not one of them', () => {
    expect(isCommonPassword('Vendanges2026')).toBe(false);
    expect(isCommonPassword('Cellar-demo-2026')).toBe(false);
    expect(isCommonPassword('cuvée-des-7-ceps')).toBe(false);
  });
});
