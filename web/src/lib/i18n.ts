/**
 * i18next with the app's texts and the shared validation/API texts. French by default; the visitor's choice is
 * remembered in localStorage, and dayjs and <html lang> follow it.
 */
import { ELIDING_WORDS, type ElidingWord, elide } from '@cellar/shared/i18n/elision';
import { listTexts } from '@cellar/shared/i18n/list-texts';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, sharedMessages } from '@cellar/shared/i18n/messages';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import { storage } from './storage';

export type { Language };
export { LANGUAGES };

const isLanguage = (v: string | null): v is Language => (LANGUAGES as readonly string[]).includes(v ?? '');

function storedLanguage(): Language {
  const stored = storage.get('language');
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

function applyLanguage(lng: string) {
  dayjs.locale(lng);
  document.documentElement.lang = lng;
}

i18n.on('languageChanged', applyLanguage);

type Texts = { [key: string]: string | Texts };

/**
 * The app's texts with the shared ones over them, merged key by key: a namespace both word (`order`: the shared
 * API messages, the screens' own) keeps the keys of each.
 */
export function mergeTexts(base: Texts, over: Texts): Texts {
  const out: Texts = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const mine = out[key];
    out[key] =
      typeof value === 'object' && mine !== undefined && typeof mine === 'object' ? mergeTexts(mine, value) : value;
  }
  return out;
}

void i18n.use(initReactI18next).init({
  resources: {
    fr: { translation: mergeTexts(mergeTexts(fr, listTexts.fr), sharedMessages.fr) },
    en: { translation: mergeTexts(mergeTexts(en, listTexts.en), sharedMessages.en) },
  },
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/**
 * French texts put a name after an eliding word with a format: "le compte {{who, de}}" reads "le compte d’Élise"
 * or "le compte de Marc". Another language's texts do not use these formats; there the value shows as it is.
 */
for (const word of Object.keys(ELIDING_WORDS) as ElidingWord[]) {
  i18n.services.formatter?.add(word, (value: unknown, lng: string | undefined) =>
    lng === 'fr' ? elide(word, String(value ?? '')) : String(value ?? ''),
  );
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

export async function setLanguage(lng: Language) {
  storage.set('language', lng);
  await i18n.changeLanguage(lng);
}

export { i18n };
