/** The table's key schema, read by the CDK data stack and the local runtime so both build the same table. */
import { LIST_SORT_INDEXES } from '@cellar/shared/filter/query';

export type { ListSortIndex } from '@cellar/shared/filter/query';

/**
 * The shape of the stored items. Bump it when items or indexes change shape: the local runtime then starts its
 * data afresh (a deployed table migrates with a backfill instead).
 */
export const DATA_FORMAT = 16;

/**
 * What every index holds of an item: its keys only. An item's write then bills an index only when the index's key
 * of the item changes (a list-sort value, entering or leaving a sparse index), not on every change of the item as a
 * projection of every attribute would; a query of an index reads the keys and the items from the table
 * (`table.ts`, `queryPage`).
 */
export const INDEX_PROJECTION = 'KEYS_ONLY';

export const TABLE_DEFINITION = {
  partitionKey: 'PK',
  sortKey: 'SK',
  indexes: [
    { name: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    { name: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
    ...LIST_SORT_INDEXES.map((name) => ({ name, partitionKey: `${name}PK`, sortKey: `${name}SK` })),
  ],
} as const;
