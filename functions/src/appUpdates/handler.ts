import { appUpdateRoutes } from '@cellar/shared/appUpdates/routes';
/** The product's release notes: the header badge, the '10 last updates' dialog, the superadmin's edits. */

import { type AppUpdate, appUpdateSchema } from '@cellar/shared/appUpdates/schemas';
import { DEFAULT_PAGE_SIZE } from '@cellar/shared/filter/query';
import { ulid } from 'ulid';
import { defineEntity } from '../data/entity';
import { keys } from '../data/keys';
import { keyDateRange, type PlannedList, plannedPage } from '../data/list';
import { type Item, queryAll, queryPage } from '../data/table';
import { NotFoundError } from '../errors';
import { resourceHandler } from '../platform/http/pipeline';

const APP_UPDATES = keys.appUpdates;
/** The badge counts the updates of the last 30 days. */
const RECENT_DAYS = 30;

/** App updates, newest first; found by id on GSI1. */
const updateRecords = defineEntity<AppUpdate>({
  name: 'appUpdate',
  schema: appUpdateSchema,
  key: (u) => ({ PK: APP_UPDATES, SK: `${u.date}#${u.id}` }),
  indexes: (u) => ({ GSI1: [keys.byId(u.id), 'APP_UPDATE'] }),
});
const view = (item: Item) => updateRecords.parse(item);

export const handler = resourceHandler(appUpdateRoutes, {
  // Newest first by the key, which a date range narrows.
  appUpdateList: async ({ list }) => {
    const { range, consumed } = keyDateRange(list.filters, 'date');
    const plan: PlannedList<AppUpdate> = {
      spec: appUpdateRoutes.appUpdateList.list,
      keySource: { pk: APP_UPDATES, skBetween: range },
      keySort: { field: 'date', desc: true },
      conditions: list.filters,
      keyConditions: consumed,
      sort: list.sort,
      map: view,
      id: (u) => u.id,
      words: () => [],
    };
    return plannedPage(plan, list.page ?? 1, list.paginate ?? DEFAULT_PAGE_SIZE, list.cursor);
  },
  appUpdateCreate: async ({ body }) => {
    const update = { id: ulid(), ...body };
    await updateRecords.insert(update);
    return update;
  },
  appUpdateDelete: async ({ params }) => {
    const { items } = await queryPage({ index: 'GSI1', pk: keys.byId(params.id), skPrefix: 'APP_UPDATE' }, 1);
    if (!items[0]) throw new NotFoundError();
    await updateRecords.remove(view(items[0]));
    return null;
  },
  lastUpdates: async () => {
    const since = new Date(Date.now() - RECENT_DAYS * 86_400_000).toISOString().slice(0, 10);
    let count = 0;
    for await (const item of queryAll({ pk: APP_UPDATES, desc: true }, 100)) {
      if (view(item).date < since) break;
      count++;
    }
    return { count, since };
  },
});
