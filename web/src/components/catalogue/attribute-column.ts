import type { Language } from '@cellar/shared/i18n/messages';
import type { AttributeValue } from '@cellar/shared/referential/attributes';
import type { Attribute } from '@cellar/shared/referential/schemas';
import type { GridColumn, GridColumnFilter, ListRoute, RowOf } from '../data-grid/grid-column';
import { attributeChoices, attributeText } from './attribute-text';

export interface AttributeColumnOptions<R extends ListRoute> {
  /** The API field (attributes.color, product.attributes.color). */
  field: string;
  /** i18n key of the header. */
  header: string;
  attribute: Attribute | undefined;
  value: (row: RowOf<R>) => AttributeValue;
  language: Language;
  yesNo: (yes: boolean) => string;
  /** A filter of its own (the vintage years); by default the items of a select, else text. */
  filter?: GridColumnFilter;
  hidden?: boolean;
  width?: number;
}

/** A grid column showing an attribute's value as it reads, filtered by its items (product and stock lists). */
export function attributeColumn<R extends ListRoute>(o: AttributeColumnOptions<R>): GridColumn<R> {
  return {
    field: o.field,
    header: o.header,
    hidden: o.hidden,
    width: o.width,
    filter: o.filter ?? (o.attribute?.isSelect ? { choices: attributeChoices(o.attribute, o.language) } : 'text'),
    value: (row) => attributeText(o.attribute, o.value(row), o.language, o.yesNo),
  };
}
