/** The table's key schema, read by the CDK data stack and the local runtime so both build the same table. */

/**
 * The shape of the stored items. Bump it when items or indexes change shape: the local runtime then starts its
 * data afresh (a deployed table migrates with a backfill instead).
 */
export const DATA_FORMAT = 4;

/** Overloaded list-sort indexes: each entity puts one sortable column of its lists in each (see list.ts). */
export const LIST_SORT_INDEXES = ['LS1', 'LS2', 'LS3', 'LS4', 'LS5', 'LS6', 'LS7'] as const;
export type ListSortIndex = (typeof LIST_SORT_INDEXES)[number];

export const TABLE_DEFINITION = {
  partitionKey: 'PK',
  sortKey: 'SK',
  indexes: [
    { name: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    { name: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
    ...LIST_SORT_INDEXES.map((name) => ({ name, partitionKey: `${name}PK`, sortKey: `${name}SK` })),
  ],
} as const;
