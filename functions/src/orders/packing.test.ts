import { describe, expect, it } from 'vitest';
import { buildPackings, gs1CheckDigit, isValidSscc, sscc } from './packing';

describe('Function: gs1CheckDigit', () => {
  it.each([
    // GS1's worked example (SSCC 1 0614141 123456789 7), and two computed by hand.
    ['00614141123456789', 0],
    ['10614141123456789', 7],
    ['03760123000000001', 7],
  ])('of %s is %i', (digits, check) => {
    expect(gs1CheckDigit(digits)).toBe(check);
  });
});

describe('Function: sscc', () => {
  it('builds 18 digits whose last one checks the 17 before', () => {
    const code = sscc('0', '3760123', 42);
    expect(code).toMatch(/^\d{18}$/);
    expect(code.slice(0, 17)).toBe('03760123000000042');
    expect(isValidSscc(code)).toBe(true);
    expect(isValidSscc(`${code.slice(0, 17)}${(Number(code[17]) + 1) % 10}`)).toBe(false);
  });
});

describe('Function: buildPackings', () => {
  it('puts pcb bottles in each carton, the last one partial, each with its own SSCC', () => {
    // Act
    const packings = buildPackings([{ productCode: 'P1', label: 'Margaux', pcb: 6, batch: 'L1', quantity: 14 }], 1);
    // Assess
    expect(packings.map((p) => p.quantity)).toEqual([6, 6, 2]);
    expect(new Set(packings.map((p) => p.sscc)).size).toBe(3);
    expect(packings.every((p) => isValidSscc(p.sscc))).toBe(true);
    expect(packings[2]?.details[0]).toMatchObject({ quantity: 2, quantityInCols: 0.33 });
  });
});
