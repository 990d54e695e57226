import { afterAll, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from './i18n';

describe('Format: French elision of an interpolated name', () => {
  afterAll(() => setLanguage('fr'));

  it.each([
    ['fr', 'Élise Martin', 'Activer le compte d’Élise Martin ?'],
    ['fr', 'Marc Durand', 'Activer le compte de Marc Durand ?'],
    ['en', 'Élise Martin', 'Activate the account of Élise Martin?'],
  ] as const)('(%s) %s', async (language, who, text) => {
    // Prepare
    await setLanguage(language);

    // Act
    const worded = i18n.t('users.activate_confirm', { who });

    // Assess
    expect(worded).toBe(text);
  });
});
