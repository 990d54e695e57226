import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  describeError,
  ForbiddenError,
  InvalidError,
  ItemExistsError,
  NotFoundError,
  StaleVersionError,
  TooLargeError,
  TooManyRequestsError,
  UnauthenticatedError,
} from './errors';
import { statusOf } from './platform/http/pipeline';

describe('Function: describeError', () => {
  it('words the key and every field message in the reader’s language, each once', () => {
    // Prepare
    const error = new InvalidError({
      code: ['validation.unique', 'validation.unique'],
      name: [{ key: 'validation.max_length', values: { max: 3 } }],
    });
    // Act
    const fr = describeError(error, 'fr');
    const en = describeError(error, 'en');
    // Assess
    expect(fr).toEqual({
      message: expect.any(String),
      errors: { code: ['Cette valeur est déjà utilisée.'], name: ['3 caractères maximum.'] },
    });
    expect(en.errors).toEqual({ code: ['This value is already used.'], name: ['3 characters at most.'] });
  });

  it('leaves out the field messages when there are none', () => {
    expect(describeError(new InvalidError({}, 'api.reset_token_invalid'), 'en')).toEqual({
      message: 'This link is no longer valid. Ask for a new one.',
    });
  });

  it('interpolates the values of the key', () => {
    const { message } = describeError(new TooManyRequestsError('api.too_many_attempts', { minutes: 15 }), 'en');
    expect(message).toContain('15');
  });
});

describe('Function: statusOf (the HTTP platform)', () => {
  it.each([
    [new InvalidError({}), 422],
    [new UnauthenticatedError(), 401],
    [new ForbiddenError(), 403],
    [new NotFoundError(), 404],
    [new ConflictError(), 409],
    [new ItemExistsError({ code: ['validation.unique'] }), 409],
    [new StaleVersionError(), 409],
    [new TooLargeError(), 413],
    [new TooManyRequestsError('api.too_many_attempts', {}), 429],
  ])('%s → %i', (error, status) => {
    expect(statusOf(error)).toBe(status);
  });

  it('names each error by its class, for the logs', () => {
    expect(new ItemExistsError().name).toBe('ItemExistsError');
  });
});
