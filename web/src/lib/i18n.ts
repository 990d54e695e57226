/**
 * i18next with the app's texts and the shared validation/API texts. French by default; the visitor's choice is
 * remembered in localStorage, and dayjs and <html lang> follow it. French texts come with the first chunk (most
 * visitors read them: no second round trip before the first paint); English ones are a chunk loaded when shown.
 * The app renders once `i18nReady` settles.
 */
import { ELIDING_WORDS, type ElidingWord, elide } from '@cellar/shared/i18n/elision';
import { frListTexts } from '@cellar/shared/i18n/list-texts-fr';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, sharedMessages } from '@cellar/shared/i18n/messages';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import fr from '../locales/fr.json';
import { nextTask } from './next-task';
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

/** A language's own texts: the app's and the lists' (shared with the API's exports); English loaded when shown. */
const APP_TEXTS: Record<Language, () => Promise<{ app: Texts; lists: Texts }>> = {
  fr: async () => ({ app: fr, lists: frListTexts }),
  en: async () => {
    const [app, lists] = await Promise.all([import('../locales/en.json'), import('@cellar/shared/i18n/list-texts-en')]);
    return { app: app.default, lists: lists.enListTexts };
  },
};

const loaded = new Set<Language>();

/**
 * A language's texts, merged as the app reads them, added to i18next once (the shown language's at start). A
 * lazy page may have added its own texts to the language before (features/…/locales): they stay beside these.
 */
export async function loadTexts(lng: Language): Promise<void> {
  if (loaded.has(lng)) return;
  const { app, lists } = await APP_TEXTS[lng]();
  // Merging and adding the texts is a phone's tens of milliseconds: not in the task that evaluates the first chunk.
  await nextTask();
  i18n.addResourceBundle(lng, 'translation', mergeTexts(mergeTexts(app, lists), sharedMessages[lng]), true);
  loaded.add(lng);
}

/**
 * Adds a page's own texts (kept with its feature, out of the first chunk) to every language, when its chunk loads:
 * beside the app's texts, whether these are in already or come later (`loadTexts` adds its bundle deep too).
 * @example addFeatureTexts({ fr, en }) // features/webhooks/locales/texts.ts
 */
export function addFeatureTexts(texts: Readonly<Record<Language, object>>): void {
  for (const lng of LANGUAGES) i18n.addResourceBundle(lng, 'translation', texts[lng], true, false);
}

const initial = storedLanguage();
void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: initial,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/**
 * The shown language's texts are in, and French ones under them (the fallback of a missing text). Not a top-level
 * await: a text chunk may import modules of the first chunk, which would then wait for itself.
 */
export const i18nReady: Promise<void> = Promise.all([...new Set([DEFAULT_LANGUAGE, initial])].map(loadTexts)).then(
  () => undefined,
);

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
  await loadTexts(lng);
  await i18n.changeLanguage(lng);
}

export { i18n };
