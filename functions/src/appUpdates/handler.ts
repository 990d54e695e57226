/** The product's release notes: the header badge, the '10 last updates' dialog, the superadmin's edits. */

import type { AppUpdate } from '@cellar/shared/appUpdates/schemas';
import { matchesAll } from '@cellar/shared/filter/match';
import { DEFAULT_PAGE_SIZE } from '@cellar/shared/filter/query';
import { ulid } from 'ulid';
import { keys } from '../data/keys';
import { deleteItem, type Item, listPage, putItem, queryAll, queryPage } from '../data/table';
import { NotFoundError } from '../errors';
import { resourceHandler } from '../platform/http';

const APP_UPDATES = keys.appUpdates;
/** The badge counts the updates of the last 30 days. */
const RECENT_DAYS = 30;

const view = (item: Item): AppUpdate => ({
  id: String(item.id),
  date: String(item.date),
  title: String(item.title),
  description: String(item.description),
});

export const handler = resourceHandler('appUpdates', {
  appUpdateList: async ({ list }) => {
    const desc = !(list.sort[0] && !list.sort[0].desc);
    return listPage({
      source: { pk: APP_UPDATES, desc },
      map: view,
      predicate: list.filters.length ? (u) => matchesAll(u, list.filters) : undefined,
      page: list.page ?? 1,
      perPage: list.paginate ?? DEFAULT_PAGE_SIZE,
    });
  },
  appUpdateCreate: async ({ body }) => {
    const update = { id: ulid(), ...body };
    await putItem({
      PK: APP_UPDATES,
      SK: `${body.date}#${update.id}`,
      GSI1PK: keys.byId(update.id),
      GSI1SK: 'APP_UPDATE',
      entity: 'appUpdate',
      ...update,
    });
    return update;
  },
  appUpdateDelete: async ({ params }) => {
    const { items } = await queryPage({ index: 'GSI1', pk: keys.byId(params.id), skPrefix: 'APP_UPDATE' }, 1);
    const item = items[0];
    if (!item) throw new NotFoundError();
    await deleteItem({ PK: String(item.PK), SK: String(item.SK) });
    return null;
  },
  lastUpdates: async () => {
    const since = new Date(Date.now() - RECENT_DAYS * 86_400_000).toISOString().slice(0, 10);
    let count = 0;
    for await (const item of queryAll({ pk: APP_UPDATES, desc: true }, 100)) {
      if (String(item.date) < since) break;
      count++;
    }
    return { count, since };
  },
});
