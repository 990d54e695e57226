import { describe, expect, it } from 'vitest';
import { receivedBody } from './received';

describe('Function: receivedBody', () => {
  it('keeps the lines given a whole number from 0, by line id', () => {
    // Act
    const body = receivedBody({ L1: 10, L2: '0', L3: '', L4: '2.5', L5: 'x', L6: '7', L7: '0x10' });
    // Assess
    expect(body).toEqual({ L1: 10, L2: 0, L6: 7 });
  });

  it('sends nothing when no line was given a quantity', () => {
    expect(receivedBody({ L1: '', L2: ' ' })).toBeUndefined();
  });
});
