import { afterEach, describe, expect, it } from 'vitest';
import { endSession } from './auth';
import { selectedWarehouses } from './selected-warehouses';

const BDX = { id: 'W-BDX' };
const COG = { id: 'W-COG' };
const REI = { id: 'W-REI' };

afterEach(() => localStorage.clear());

describe('Object: selectedWarehouses', () => {
  it('keeps each user’s own selection', () => {
    // Prepare
    selectedWarehouses.set('u1', [BDX.id, REI.id]);
    selectedWarehouses.set('u2', [COG.id]);
    // Assess
    expect(selectedWarehouses.get('u1', [BDX, COG, REI])).toEqual([BDX.id, REI.id]);
    expect(selectedWarehouses.get('u2', [BDX, COG, REI])).toEqual([COG.id]);
    expect(selectedWarehouses.get('u3', [BDX, COG, REI])).toEqual([]);
  });

  it('reads only the warehouses offered (one since taken from the user is no longer selected)', () => {
    // Prepare
    selectedWarehouses.set('u1', [BDX.id, REI.id]);
    // Assess
    expect(selectedWarehouses.get('u1', [BDX, COG])).toEqual([BDX.id]);
  });

  it.each<[string, string[], string | null]>([
    ['the one selected', [COG.id], COG.id],
    ['none when several are', [BDX.id, COG.id], null],
    ['none when none is', [], null],
  ])('names %s as the one a single choice starts on', (_, selected, only) => {
    // Prepare
    selectedWarehouses.set('u1', selected);
    // Assess
    expect(selectedWarehouses.only('u1', [BDX, COG, REI])).toBe(only);
  });

  it('forgets a selection emptied (all the user’s warehouses)', () => {
    // Prepare
    selectedWarehouses.set('u1', [BDX.id]);
    // Act
    selectedWarehouses.set('u1', []);
    // Assess
    expect(localStorage.length).toBe(0);
  });

  it('reads a damaged value as no selection', () => {
    // Prepare
    localStorage.setItem('cellar.selectedWarehouses.u1', '{not json');
    // Assess
    expect(selectedWarehouses.get('u1', [BDX])).toEqual([]);
  });

  it('is forgotten, every user’s, once the session ends (sign-out, expired session)', () => {
    // Prepare
    selectedWarehouses.set('u1', [BDX.id]);
    selectedWarehouses.set('u2', [COG.id]);
    localStorage.setItem('cellar.language', 'en');
    // Act
    endSession();
    // Assess
    expect(selectedWarehouses.get('u1', [BDX, COG])).toEqual([]);
    expect(selectedWarehouses.get('u2', [BDX, COG])).toEqual([]);
    expect(localStorage.getItem('cellar.language')).toBe('en');
  });
});
