/**
 * The page's texts, kept with it rather than in the app's locales: they come with the page's lazy chunk, not with
 * the first one. Imported for its effect by the page's modules, so that they are in before anything shows.
 */
import { addFeatureTexts } from '../../../lib/i18n';
import en from './en.json';
import fr from './fr.json';

export const WEBHOOK_TEXTS = { fr, en } as const;

addFeatureTexts(WEBHOOK_TEXTS);
