import { describe, expect, it } from 'vitest';
import { lotIssues } from './schemas';

const managed = { hasBatch: true, hasUbd: false, hasBbd: false };
const plain = { hasBatch: false, hasUbd: false, hasBbd: false };

describe('Function: lotIssues', () => {
  it.each([
    ['no batch', {}],
    ['a null batch', { batch: null }],
    ['a blank batch', { batch: '   ' }],
  ])('asks a lot-managed product’s new lot for its batch: %s', (_, line) => {
    expect(lotIssues(line, managed)).toEqual([{ field: 'batch', key: 'validation.required' }]);
  });

  it('accepts a lot-managed product’s lot with its batch, and a plain product’s without one', () => {
    expect(lotIssues({ batch: 'L26001' }, managed)).toEqual([]);
    expect(lotIssues({}, plain)).toEqual([]);
  });

  it('refuses a batch or dates the product does not manage', () => {
    // Act
    const issues = lotIssues({ batch: 'L1', ubd: '2027-01-01', bbd: '2027-01-01' }, plain);
    // Assess
    expect(issues.map((i) => [i.field, i.key])).toEqual([
      ['batch', 'validation.invalid'],
      ['ubd', 'validation.invalid'],
      ['bbd', 'validation.invalid'],
    ]);
  });

  it('refuses a new lot’s use-by or best-before day before today, in Paris', () => {
    // Prepare
    const dated = { hasBatch: false, hasUbd: true, hasBbd: true };
    const now = new Date('2026-03-10T23:30:00Z'); // already the 11th in Paris
    // Act
    const issues = lotIssues({ ubd: '2026-03-10', bbd: '2026-03-11' }, dated, now);
    // Assess
    expect(issues).toEqual([{ field: 'ubd', key: 'validation.not_before_today' }]);
  });
});
