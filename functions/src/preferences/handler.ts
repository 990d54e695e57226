import { preferenceRoutes } from '@cellar/shared/preferences/routes';
/** Grid layouts, per user and grid slug. */
import { resourceHandler } from '../platform/http/pipeline';
import { getPreference, listPreferences, type PreferenceItem, removePreference, savePreference } from './repository';

const view = (p: PreferenceItem) => ({ slug: p.slug, columns: p.columns });

export const handler = resourceHandler(preferenceRoutes, {
  preferenceList: async ({ caller }) => (await listPreferences(caller.user.id)).map(view),
  preferenceGet: async ({ caller, params }) => {
    const found = await getPreference(caller.user.id, params.slug);
    return found ? view(found) : null;
  },
  preferencePut: async ({ caller, params, body }) => {
    const saved = { userId: caller.user.id, slug: params.slug, columns: body.columns };
    await savePreference(saved);
    return view(saved);
  },
  preferenceDelete: async ({ caller, params }) => {
    await removePreference(caller.user.id, params.slug);
    return null;
  },
});
