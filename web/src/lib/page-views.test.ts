import { describe, expect, it } from 'vitest';
import { shouldLogPageView } from './page-views';

describe('Function: shouldLogPageView', () => {
  it.each(['dashboard', 'recipient-list', 'client-user-list', 'params'])('logs a view of %s', (page) => {
    expect(shouldLogPageView(page, false)).toBe(true);
  });

  it.each(['stats', 'login'])('never logs a view of %s', (page) => {
    expect(shouldLogPageView(page, false)).toBe(false);
  });

  it('logs nothing while impersonating', () => {
    expect(shouldLogPageView('dashboard', true)).toBe(false);
  });

  it('logs nothing for a page without a name', () => {
    expect(shouldLogPageView(undefined, false)).toBe(false);
    expect(shouldLogPageView('', false)).toBe(false);
  });
});
