/** The table's key schema, read by the CDK data stack and the local runtime so both build the same table. */
import { LIST_SORT_INDEXES } from '@cellar/shared/filter/query';

export type { ListSortIndex } from '@cellar/shared/filter/query';

/**
 * The shape of the stored items. Bump it when items or indexes change shape: the local runtime then starts its
 * data afresh (a deployed table migrates with a backfill instead).
 */
export const DATA_FORMAT = 10;

export const TABLE_DEFINITION = {
  partitionKey: 'PK',
  sortKey: 'SK',
  indexes: [
    { name: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    { name: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
    ...LIST_SORT_INDEXES.map((name) => ({ name, partitionKey: `${name}PK`, sortKey: `${name}SK` })),
  ],
} as const;
