/**
 * The modules (scopes) one may grant, in the spec's groups (reception, order, shipping, stock, production), then
 * the rest: document, and one "every module" entry — '*' for whoever holds it, else 'all', which grants the same
 * (`hasScope`), so that the list never offers the same grant twice. A user or a company is given modules within the
 * current user's own (spec 1 §6); the server checks the same.
 */
import { grantableScopes, SCOPE_GROUPS } from '@cellar/shared/access/roles';

export interface ModuleChoiceGroup {
  /** i18n key of the group. */
  group: string;
  scopes: string[];
}

export function moduleChoices(granted: readonly string[]): ModuleChoiceGroup[] {
  const grantable: readonly string[] = grantableScopes(granted);
  // 'all' and '*' grant the same: offered once.
  const grouped = new Set<string>(Object.values(SCOPE_GROUPS).flat());
  const groups = Object.entries(SCOPE_GROUPS).map(([group, scopes]) => ({
    group: `scopes.groups.${group}`,
    scopes: scopes.filter((s) => grantable.includes(s)),
  }));
  const everyModule = grantable.includes('*') ? 'all' : undefined;
  const others = grantable.filter((s) => !grouped.has(s) && s !== everyModule);
  return [...groups, { group: 'scopes.groups.other', scopes: others }].filter((g) => g.scopes.length > 0);
}

/** i18n key of a module ('*' reads 'every module'). */
export const moduleLabel = (scope: string) => `scopes.${scope === '*' ? 'every' : scope}`;
