/** Grid layouts, per user and grid slug. */
import { keys } from '../data/keys';
import { deleteItem, getItem, putItem, queryAll } from '../data/table';
import { resourceHandler } from '../platform/http';

const view = (item: Record<string, unknown>) => ({ slug: item.slug as never, columns: item.columns as string[] });

export const handler = resourceHandler('preferences', {
  preferenceList: async ({ caller }) => {
    const out = [];
    for await (const item of queryAll({ pk: keys.user(caller.user.id).PK, skPrefix: keys.preferencePrefix })) {
      out.push(view(item));
    }
    return out;
  },
  preferenceGet: async ({ caller, params }) => {
    const item = await getItem(keys.preference(caller.user.id, params.slug));
    return item ? view(item) : null;
  },
  preferencePut: async ({ caller, params, body }) => {
    const item = { ...keys.preference(caller.user.id, params.slug), slug: params.slug, columns: body.columns };
    await putItem(item);
    return view(item);
  },
  preferenceDelete: async ({ caller, params }) => {
    await deleteItem(keys.preference(caller.user.id, params.slug));
    return null;
  },
});
