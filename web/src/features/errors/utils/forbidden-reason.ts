/**
 * Why the 403 page refuses, in words: the right and the module the refused page asks, and the right the account
 * has (spec 3 §2: a role level at or above the page's, and one of its modules).
 */
import { accessRefusal, type Principal, roleSlug } from '@cellar/shared/access/roles';
import type { TFunction } from 'i18next';
import { moduleLabel } from '../../../components/forms/module-choices';
import type { AskedAccess } from '../../../config/paths';
import type { Language } from '../../../lib/i18n';

/**
 * @example forbiddenReason(t, 'fr', { access: 2, scopes: ['order'] }, { role: 1, scope: ['order'] })
 * // "Cette page demande le droit d'écriture sur le module Commandes ; votre compte a le droit de lecture."
 */
export function forbiddenReason(t: TFunction, language: Language, asked: AskedAccess | null, principal: Principal) {
  const refusal = asked && accessRefusal(principal, asked.access, asked.scopes);
  if (!asked || !refusal) return t('errors.forbidden_text');
  const need = t(`errors.rights.${roleSlug(asked.access)}`);
  const have = t(`errors.rights.${roleSlug(principal.role)}`);
  const module = new Intl.ListFormat(language, { type: 'disjunction' }).format(
    asked.scopes.map((s) => t(moduleLabel(s))),
  );
  if (asked.scopes.length === 0) return t('errors.forbidden_level', { need, have });
  if (refusal.level === undefined) return t('errors.forbidden_module', { module });
  if (refusal.scopes === undefined) return t('errors.forbidden_level_module', { need, module, have });
  return t('errors.forbidden_level_without_module', { need, module, have });
}
