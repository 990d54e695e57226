import { afterAll, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from './i18n';

describe('Function: loadTexts', () => {
  afterAll(() => setLanguage('fr'));

  it('adds a language’s texts beside those a lazy page added to it first', async () => {
    // Prepare
    i18n.addResourceBundle('en', 'translation', { lazy_page: { title: 'A lazy page' } }, true, false);
    // Act
    await setLanguage('en');
    // Assess
    expect(i18n.t('lazy_page.title')).toBe('A lazy page');
    expect(i18n.t('menu.home')).toBe('Home');
  });
});

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
