import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { requiredString } from '../validation/zod';
import { fieldErrors, pickLanguage, sharedMessages, translate } from './messages';

const flat = (o: object, p = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? flat(v, `${p}${k}.`) : [`${p}${k}`]));

describe('Shared messages', () => {
  it('has the same keys in French and English', () => {
    expect(flat(sharedMessages.fr).sort()).toEqual(flat(sharedMessages.en).sort());
  });
  it('interpolates values', () =>
    expect(translate('en', 'validation.max_length', { max: 32 })).toBe('32 characters at most.'));
  it('picks the language from Accept-Language, French by default', () => {
    expect(pickLanguage('en-GB,en;q=0.8')).toBe('en');
    expect(pickLanguage('de-DE')).toBe('fr');
    expect(pickLanguage(undefined)).toBe('fr');
  });
  it('words zod errors per field', () => {
    const schema = z.object({ code: requiredString(3), n: z.number() });
    const out = schema.safeParse({ code: 'ABCD' });
    expect(out.success).toBe(false);
    if (!out.success) {
      expect(fieldErrors(out.error, 'en')).toEqual({ code: ['3 characters at most.'], n: ['This field is required.'] });
    }
  });
});
