/**
 * What TransactWriteItems and TransactGetItems share: their members' shapes and constraints in dynalite's own
 * validation language (validations/index.js reads them as it reads PutItem's or GetItem's), the checks of each
 * action before anything is read, and DynamoDB's errors for transactions.
 */
import {
  type AttributeValue,
  db,
  type Item,
  type ParsedRequest,
  type ServiceError,
  type Store,
  type TableDescription,
  validations,
} from './internals';

/** DynamoDB's limits on a transaction. */
export const MAX_ACTIONS = 100;
export const MAX_TRANSACTION_BYTES = 4 * 1024 * 1024;

const tableName = {
  type: 'String',
  notNull: true,
  regex: '[a-zA-Z0-9_.-]+',
  lengthGreaterThanOrEqual: 3,
  lengthLessThanOrEqual: 255,
};
const attributeMap = { type: 'Map<AttributeValue>', notNull: true, children: 'AttrStruct<ValueStruct>' };
const expressionMembers = {
  ExpressionAttributeNames: { type: 'Map<java.lang.String>', children: 'String' },
  ExpressionAttributeValues: { type: 'Map<AttributeValue>', children: 'AttrStruct<ValueStruct>' },
};
const onConditionFailure = { ReturnValuesOnConditionCheckFailure: { type: 'String', enum: ['ALL_OLD', 'NONE'] } };
const returnConsumedCapacity = { type: 'String', enum: ['INDEXES', 'TOTAL', 'NONE'] };
const transactItems = (children: Record<string, unknown>, name: string) => ({
  type: 'List',
  notNull: true,
  lengthGreaterThanOrEqual: 1,
  lengthLessThanOrEqual: MAX_ACTIONS,
  children: { type: `ValueStruct<${name}>`, children },
});

/** TransactWriteItems' members, in the order DynamoDB reports their constraint violations. */
export const WRITE_TYPES = {
  ClientRequestToken: { type: 'String', lengthGreaterThanOrEqual: 1, lengthLessThanOrEqual: 36 },
  ReturnConsumedCapacity: returnConsumedCapacity,
  ReturnItemCollectionMetrics: { type: 'String', enum: ['SIZE', 'NONE'] },
  TransactItems: transactItems(
    {
      ConditionCheck: {
        type: 'FieldStruct<ConditionCheck>',
        children: {
          Key: attributeMap,
          TableName: tableName,
          ConditionExpression: { type: 'String', notNull: true },
          ...expressionMembers,
          ...onConditionFailure,
        },
      },
      Put: {
        type: 'FieldStruct<Put>',
        children: {
          Item: attributeMap,
          TableName: tableName,
          ConditionExpression: { type: 'String' },
          ...expressionMembers,
          ...onConditionFailure,
        },
      },
      Delete: {
        type: 'FieldStruct<Delete>',
        children: {
          Key: attributeMap,
          TableName: tableName,
          ConditionExpression: { type: 'String' },
          ...expressionMembers,
          ...onConditionFailure,
        },
      },
      Update: {
        type: 'FieldStruct<Update>',
        children: {
          Key: attributeMap,
          UpdateExpression: { type: 'String', notNull: true },
          TableName: tableName,
          ConditionExpression: { type: 'String' },
          ...expressionMembers,
          ...onConditionFailure,
        },
      },
    },
    'TransactWriteItem',
  ),
};

export const GET_TYPES = {
  ReturnConsumedCapacity: returnConsumedCapacity,
  TransactItems: transactItems(
    {
      Get: {
        type: 'FieldStruct<Get>',
        notNull: true,
        children: {
          Key: attributeMap,
          TableName: tableName,
          ProjectionExpression: { type: 'String' },
          ExpressionAttributeNames: expressionMembers.ExpressionAttributeNames,
        },
      },
    },
    'TransactGetItem',
  ),
};

/** The request's members typed and held to their constraints by dynalite's validator (throws as DynamoDB answers). */
export function checkMembers(
  body: Record<string, unknown>,
  types: Record<string, unknown>,
  store: Store,
): Record<string, unknown> {
  const data = validations.checkTypes(body, types);
  validations.checkValidations(data, types, undefined, store);
  return data;
}

export type ActionKind = 'ConditionCheck' | 'Put' | 'Delete' | 'Update' | 'Get';

/** One action of a transaction: its operation and its request, parsed as dynalite parses a single-item request. */
export interface Action {
  kind: ActionKind;
  request: ParsedRequest & {
    TableName: string;
    Item?: Item;
    Key?: Item;
    ReturnValuesOnConditionCheckFailure?: 'ALL_OLD' | 'NONE';
  };
}

/** What an action names its item by: the Put's item, the others' key. */
export const keyOf = (a: Action): Item => (a.kind === 'Put' ? a.request.Item : a.request.Key) as Item;

const EXPRESSIONS: Record<ActionKind, [string[], string[]]> = {
  ConditionCheck: [['ConditionExpression'], ['Expected']],
  Put: [['ConditionExpression'], ['Expected']],
  Delete: [['ConditionExpression'], ['Expected']],
  Update: [
    ['UpdateExpression', 'ConditionExpression'],
    ['AttributeUpdates', 'Expected'],
  ],
  Get: [['ProjectionExpression'], ['AttributesToGet']],
};

/**
 * What can be refused from the request alone, action by action in request order, as dynalite checks the single-item
 * requests: attribute values, a Put's item size, and the expressions (parsed here; the parsed forms stay on the
 * action for the conditions and updates to use).
 */
export function checkAction(action: Action, store: Store) {
  const { kind, request } = action;
  const [expressions, nonExpressions] = EXPRESSIONS[kind];
  let msg = validations.validateExpressionParams(request, expressions, nonExpressions);
  if (msg) throw db.validationError(msg);
  const values = keyOf(action);
  for (const attr in values) {
    msg = validations.validateAttributeValue(values[attr] as AttributeValue);
    if (msg) throw db.validationError(msg);
  }
  if (kind === 'Put' && db.itemSize(request.Item as Item) > store.options.maxItemSize) {
    throw db.validationError('Item size has exceeded the maximum allowed size');
  }
  msg = validations.validateExpressions(request);
  if (msg) throw db.validationError(msg);
}

/** The tables the actions name, described; a missing one is DynamoDB's ResourceNotFoundException. */
export async function describeTables(store: Store, actions: Action[]): Promise<Map<string, TableDescription>> {
  const names = [...new Set(actions.map((a) => a.request.TableName))];
  const tables = await Promise.all(
    names.map(
      (name) =>
        new Promise<TableDescription>((resolve, reject) =>
          store.getTable(name, true, (err, table) => (err ? reject(err) : resolve(table as TableDescription))),
        ),
    ),
  );
  return new Map(names.map((name, i) => [name, tables[i] as TableDescription]));
}

/**
 * A key attribute holding an empty string or binary, refused before the transaction starts (as DynamoDB does,
 * with its wording, for every kind of action).
 */
export function checkEmptyKeys(action: Action, table: TableDescription) {
  const values = keyOf(action);
  for (const { AttributeName } of table.KeySchema) {
    const type = table.AttributeDefinitions.find((d) => d.AttributeName === AttributeName)?.AttributeType;
    if ((type === 'S' || type === 'B') && values[AttributeName]?.[type] === '') {
      throw db.validationError(
        'One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an ' +
          `empty ${type === 'S' ? 'string' : 'binary'} value. Key: ${AttributeName}`,
      );
    }
  }
}

/** Why an action's item or key does not fit its table (a ValidationError cancellation reason), if it does not. */
export function schemaError(action: Action, table: TableDescription): string | undefined {
  const { kind, request } = action;
  const err =
    kind === 'Put'
      ? db.validateItem(request.Item as Item, table)
      : (db.validateKey(request.Key as Item, table) ??
        (kind === 'Update' ? db.validateUpdates(undefined, request._updates, table) : undefined) ??
        (kind === 'Get' ? db.validateKeyPaths(request._projection?.nestedPaths, table) : undefined));
  return err ? String(err.body.message) : undefined;
}

/** Two actions on one item, refused as DynamoDB refuses them. */
export function checkDistinct(keys: string[]) {
  if (new Set(keys).size !== keys.length) {
    throw db.validationError('Transaction request cannot include multiple operations on one item');
  }
}

/** Reads an item (undefined when there is none). */
export function readItem(store: Store, table: string, key: string): Promise<Item | undefined> {
  return new Promise((resolve, reject) =>
    store.getItemDb(table).get(key, (err, item) => {
      if (err && err.name !== 'NotFoundError' && err.code !== 'LEVEL_NOT_FOUND') reject(err);
      else resolve(err ? undefined : item);
    }),
  );
}

const TYPE = 'com.amazonaws.dynamodb.v20120810#';

/** An error of DynamoDB's own namespace (the SDK names it by what follows `#`). */
export function dynamoError(type: string, message: string): ServiceError {
  return Object.assign(new Error(message), { statusCode: 400, body: { __type: `${TYPE}${type}`, message } });
}

export interface CancellationReason {
  Code: 'None' | 'ConditionalCheckFailed' | 'TransactionConflict' | 'ValidationError';
  Message?: string;
  Item?: Item;
}

export const NONE: CancellationReason = { Code: 'None' };
export const CONFLICT: CancellationReason = {
  Code: 'TransactionConflict',
  Message: 'Transaction is ongoing for the item',
};

/**
 * TransactionCanceledException: one reason per action in request order, and the codes in the message. DynamoDB
 * spells this exception's `Message` with a capital, which is the member the SDK's model reads.
 */
export function cancelled(reasons: CancellationReason[]): ServiceError {
  const message = `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons
    .map((r) => r.Code)
    .join(', ')}]`;
  return Object.assign(new Error(message), {
    statusCode: 400,
    body: { __type: `${TYPE}TransactionCanceledException`, Message: message, CancellationReasons: reasons },
  });
}
