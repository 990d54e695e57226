import { describe, expect, it } from 'vitest';
import { matrixCarriers, withPermission } from './carrier-matrix';

const carrier = (code: string, segment: string | null, services: string[]) => ({
  id: `ID-${code}`,
  code,
  segment,
  address: { company: `${code} SA` },
  services: services.map((s) => ({ code: s, name: `${s} service` })),
});

describe('Function: matrixCarriers', () => {
  it('keeps carriers of B2C or no segment that have services, in code order', () => {
    // Prepare
    const carriers = [
      carrier('DPD', 'B2C', ['PREDICT', 'PICKUP']),
      carrier('GEODIS', 'B2B', ['MES']),
      carrier('ENLEV', null, []),
      carrier('COLISSIMO', null, ['DOM']),
    ];
    // Act
    const matrix = matrixCarriers(carriers);
    // Assess
    expect(matrix.map((c) => c.label)).toEqual(['COLISSIMO SA', 'DPD SA']);
    expect(matrix[1]?.services).toEqual([
      { code: 'PREDICT', name: 'PREDICT service', target: 'ID-DPD:PREDICT' },
      { code: 'PICKUP', name: 'PICKUP service', target: 'ID-DPD:PICKUP' },
    ]);
  });

  it('names a carrier by its company, else its contact, else its code', () => {
    const named = { ...carrier('X', null, ['A']), address: { name: 'Jean' } };
    const bare = { ...carrier('Y', null, ['A']), address: {} };
    expect(matrixCarriers([named, bare]).map((c) => c.label)).toEqual(['Jean', 'Y']);
  });
});

describe('Function: withPermission', () => {
  it('adds a target once and removes it', () => {
    expect(withPermission(['A:1'], 'B:2', true)).toEqual(['A:1', 'B:2']);
    expect(withPermission(['A:1', 'B:2'], 'B:2', true)).toEqual(['A:1', 'B:2']);
    expect(withPermission(['A:1', 'B:2'], 'A:1', false)).toEqual(['B:2']);
  });
});
