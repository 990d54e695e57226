/**
 * The order import's texts (shared/src/imports/order-texts.ts), added to i18next when its screen loads rather than
 * with the first chunk every visitor downloads.
 */
import { orderImportTexts } from '@cellar/shared/imports/order-texts';
import { addFeatureTexts } from '../../../lib/i18n';

/** Makes the order import's texts readable in every language, now and once a language's own texts arrive. */
export const addOrderImportTexts = () => addFeatureTexts(orderImportTexts);
