/**
 * The order import's texts (shared/src/imports/order-texts.ts), added to i18next when its screen loads rather than
 * with the first chunk every visitor downloads. A language whose texts load later (English, when chosen) gets them
 * as its bundle is added.
 */
import { orderImportTexts } from '@cellar/shared/imports/order-texts';
import { i18n, LANGUAGES, type Language } from '../../../lib/i18n';

const PROBE = 'imports.order_stock_note';

/** Adds them to a language's loaded texts, once (its bundle is then left as it is). */
function addTo(lng: string) {
  if (!(LANGUAGES as readonly string[]).includes(lng) || !i18n.hasResourceBundle(lng, 'translation')) return;
  if (i18n.getResource(lng, 'translation', PROBE) !== undefined) return;
  i18n.addResourceBundle(lng, 'translation', orderImportTexts[lng as Language], true, true);
}

let following = false;

/** Makes the order import's texts readable in every language loaded, now and later. */
export function addOrderImportTexts() {
  for (const lng of LANGUAGES) addTo(lng);
  if (following) return;
  following = true;
  i18n.store.on('added', (lng: string) => addTo(lng));
}
