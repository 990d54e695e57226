import { afterEach, describe, expect, it } from 'vitest';
import { endSession } from '../../../lib/auth';
import { currentReception } from './current-reception';

afterEach(() => sessionStorage.clear());

describe('Object: currentReception', () => {
  it('is not offered to the next user of the tab once its user has signed out', () => {
    // Prepare
    currentReception.set('R1');
    // Act
    endSession();
    // Assess
    expect(currentReception.get()).toBeNull();
  });
});
