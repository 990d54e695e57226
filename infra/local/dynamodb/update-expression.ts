/**
 * An UpdateExpression applied to an item, as dynalite's UpdateItem applies it: `deepClone`, `applyUpdateExpression`,
 * `resolveValue`, `deleteFromParent` and `addToParent` are copied from dynalite 4.0.0 (actions/updateItem.js), which
 * does not export them. One change: the values of SET sections are resolved into a list of their own instead of
 * being written back into the parsed expression, so applying it leaves the request as it was.
 */
import {
  type AttributeValue,
  Big,
  db,
  type Item,
  type ServiceError,
  type TableDescription,
  type UpdateSection,
} from './internals';

/** A deep copy of plain JSON (dynalite's "relatively fast deep clone"). */
export function deepClone<T>(obj: T): T {
  if (typeof obj !== 'object' || obj == null) return obj;
  if (Array.isArray(obj)) return obj.map((x) => deepClone(x)) as T;
  const result = Object.create(null) as Record<string, unknown>;
  for (const attr in obj) result[attr] = deepClone((obj as Record<string, unknown>)[attr]);
  return result as T;
}

type Parent = AttributeValue;

/** Applies the sections to `item` in place; a ValidationException as dynalite words it when they do not apply. */
export function applyUpdateExpression(
  sections: UpdateSection[],
  table: TableDescription,
  item: Item,
): ServiceError | undefined {
  const toSquash: Parent[] = [];
  const values = new Map<UpdateSection, AttributeValue>();
  for (const section of sections) {
    if (section.type === 'set') {
      const val = resolveValue(section.val, item);
      if (typeof val === 'string') return db.validationError(val);
      values.set(section, val);
    }
  }
  for (const section of sections) {
    const parent = db.mapPath(section.path.slice(0, -1), item) as Parent | undefined;
    const attr = section.path[section.path.length - 1] as string | number;
    if (parent == null || (typeof attr === 'number' ? parent.L : parent.M) == null) {
      return db.validationError('The document path provided in the update expression is invalid for update');
    }
    let existing: AttributeValue | undefined = parent.M ? parent.M[attr] : parent.L[attr];
    const alreadyExists = existing != null;
    const attrType = section.attrType as string;
    if (section.type === 'remove') {
      deleteFromParent(parent, attr);
    } else if (section.type === 'delete') {
      if (alreadyExists && Object.keys(existing as AttributeValue)[0] !== attrType) {
        return db.validationError('An operand in the update expression has an incorrect data type');
      }
      if (existing) {
        const removed = section.val[attrType] as unknown[];
        existing[attrType] = (existing[attrType] as unknown[]).filter((val) => !removed.includes(val));
        if (!existing[attrType].length) deleteFromParent(parent, attr);
      }
    } else if (section.type === 'add') {
      if (alreadyExists && Object.keys(existing as AttributeValue)[0] !== attrType) {
        return db.validationError('An operand in the update expression has an incorrect data type');
      }
      if (attrType === 'N') {
        if (!existing) existing = { N: '0' };
        existing.N = new Big(existing.N).plus(section.val.N).toFixed();
      } else {
        if (!existing) existing = {};
        const current = (existing[attrType] ?? []) as unknown[];
        const added = (section.val[attrType] as unknown[]).filter((a) => !current.includes(a));
        existing[attrType] = current.concat(added);
      }
      if (!alreadyExists) addToParent(parent, attr, existing, toSquash);
    } else if (section.type === 'set') {
      if (section.path.length === 1) {
        const val = values.get(section) as AttributeValue;
        const err = db.traverseIndexes(table, (indexAttr, type) => {
          if (section.path[0] === indexAttr && val[type] == null) {
            return db.validationError(
              'The update expression attempted to update the secondary index key to unsupported type',
            );
          }
        });
        if (err) return err;
      }
      addToParent(parent, attr, values.get(section) as AttributeValue, toSquash);
    }
  }
  for (const obj of toSquash) obj.L = (obj.L as unknown[]).filter(Boolean);
}

/** The value an operand of SET stands for in `item`, or the message of the ValidationException it causes. */
function resolveValue(val: AttributeValue, item: Item): AttributeValue | string {
  let resolved: AttributeValue | undefined | string = val;
  if (Array.isArray(val)) {
    resolved = db.mapPath(val, item);
  } else if (val.type === 'add' || val.type === 'subtract') {
    const val1 = resolveValue(val.args[0], item);
    if (typeof val1 === 'string') return val1;
    if (val1.N == null) return 'An operand in the update expression has an incorrect data type';
    const val2 = resolveValue(val.args[1], item);
    if (typeof val2 === 'string') return val2;
    if (val2.N == null) return 'An operand in the update expression has an incorrect data type';
    const a = new Big(val1.N);
    resolved = { N: (val.type === 'add' ? a.plus(val2.N) : a.minus(val2.N)).toFixed() };
  } else if (val.type === 'function' && val.name === 'if_not_exists') {
    resolved = db.mapPath(val.args[0], item) || resolveValue(val.args[1], item);
  } else if (val.type === 'function' && val.name === 'list_append') {
    const val1 = resolveValue(val.args[0], item);
    if (typeof val1 === 'string') return val1;
    if (val1.L == null) return 'An operand in the update expression has an incorrect data type';
    const val2 = resolveValue(val.args[1], item);
    if (typeof val2 === 'string') return val2;
    if (val2.L == null) return 'An operand in the update expression has an incorrect data type';
    return { L: val1.L.concat(val2.L) };
  }
  return resolved || 'The provided expression refers to an attribute that does not exist in the item';
}

function deleteFromParent(parent: Parent, attr: string | number) {
  if (parent.M) delete parent.M[attr];
  else if (parent.L) parent.L.splice(attr, 1);
}

function addToParent(parent: Parent, attr: string | number, val: AttributeValue, toSquash: Parent[]) {
  if (parent.M) {
    parent.M[attr] = val;
  } else if (parent.L) {
    if ((attr as number) > parent.L.length && !toSquash.includes(parent)) toSquash.push(parent);
    parent.L[attr] = val;
  }
}
