/**
 * The API keys page's texts, kept with the feature rather than in web/src/locales: the French file there is part
 * of the sign-in page's first chunk, whose size is budgeted. They join i18next when this page's chunk loads.
 *
 * A language's texts are added only once the app's own are in: `loadTexts` adds a language's bundle whole and
 * skips a language that already has one, so a bundle started here would keep the app's English texts out. For a
 * language loaded later (the visitor switches), they are added as its bundle arrives. The files are read with
 * import.meta.glob: the web project's TypeScript settings list the JSON of web/src/locales only.
 */
import { i18n } from '../../../lib/i18n';

type Texts = { [key: string]: string | Texts };

/** Language → texts, from ./{fr,en}.json (bundled with this chunk). */
const TEXTS: Record<string, Texts> = Object.fromEntries(
  Object.entries(import.meta.glob<Texts>('./*.json', { eager: true, import: 'default' })).map(([file, texts]) => [
    file.replace(/^.*\/(\w+)\.json$/, '$1'),
    texts,
  ]),
);
const NAMESPACE = 'api_keys';

function addTexts(lng: string) {
  const texts = TEXTS[lng];
  if (!texts || !i18n.hasResourceBundle(lng, 'translation')) return;
  if (i18n.getResource(lng, 'translation', NAMESPACE) !== undefined) return;
  i18n.addResourceBundle(lng, 'translation', texts, true, false);
}

for (const lng of Object.keys(TEXTS)) addTexts(lng);
i18n.store.on('added', (lng: string) => addTexts(lng));
