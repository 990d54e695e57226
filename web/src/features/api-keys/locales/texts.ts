/**
 * The API keys page's texts, kept with the feature rather than in web/src/locales: the French file there is part
 * of the sign-in page's first chunk, whose size is budgeted. They join i18next when this page's chunk loads.
 */
import { addFeatureTexts } from '../../../lib/i18n';
import en from './en.json';
import fr from './fr.json';

addFeatureTexts({ fr, en });
