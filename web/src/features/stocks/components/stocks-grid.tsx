/**
 * The stock lines (spec 3 §2), by importance: the owner's code for the superadmin, the product code (opens the
 * product detail) and label, the lot and the warehouse (which tell a product's lines apart), the quantities, the
 * quality, the dates, the product's attributes read in the current language, the segment unless the user's company
 * is a pooled activity, and the owner's name for the superadmin. At phone width: the product code, the lot and the
 * available quantity.
 */

import { isSuperadmin, type Principal } from '@cellar/shared/access/roles';
import type { Language } from '@cellar/shared/i18n/messages';
import type { Attribute, ProductFamily } from '@cellar/shared/referential/schemas';
import type { routes } from '@cellar/shared/routes/table';
import type { Stock } from '@cellar/shared/stocks/schemas';
import { EXCLUDED_QUALITIES } from '@cellar/shared/stocks/schemas';
import { Anchor, Loader } from '@mantine/core';
import type { TFunction } from 'i18next';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { attributeColumn } from '../../../components/catalogue/attribute-column';
import { vintageChoices } from '../../../components/catalogue/attribute-text';
import { type Choice, SEGMENT_CHOICES } from '../../../components/data-grid/choice-filter';
import { DataGrid } from '../../../components/data-grid/data-grid';
import type { GridColumn } from '../../../components/data-grid/grid-column';
import { useWarehouseChoices } from '../../../components/data-grid/warehouse-choices';
import { formatDay } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useProductAttributes, useProductFamilies, useStockQualities } from '../../../lib/reference-data';
import { stockListPlan } from '../api/stock-list-plan';

type StockListRoute = typeof routes.stockList;

export interface StockColumnsContext {
  principal: Principal;
  /** The company is a pooled activity: no segment column. */
  pooled: boolean;
  attributes: Record<string, Attribute>;
  families: readonly ProductFamily[];
  warehouses: readonly Choice[];
  qualities: readonly string[];
  language: Language;
  t: TFunction;
  year: number;
  onProduct: (stock: Stock) => void;
}

const day = (v: string | null, language: Language) => (v ? formatDay(v, language) : '');

export function stockColumns(ctx: StockColumnsContext): GridColumn<StockListRoute>[] {
  const { t, language } = ctx;
  const yesNo = (yes: boolean) => t(yes ? 'common.yes' : 'common.no');
  const attribute = (id: string, header: string, width: number, hidden = false) =>
    attributeColumn<StockListRoute>({
      field: `product.attributes.${id}`,
      header,
      attribute: ctx.attributes[id],
      value: (s) => s.product.attributes[id],
      language,
      yesNo,
      hidden,
      width,
      ...(id === 'vintage' ? { filter: { choices: vintageChoices(ctx.year) } } : {}),
    });
  const quantity = (field: keyof Stock & string, header: string, hidden = false) =>
    ({ field, header, width: 120, hidden, filter: 'number' }) satisfies GridColumn<StockListRoute>;

  const superadmin = isSuperadmin(ctx.principal);
  return [
    ...(superadmin
      ? ([
          { field: 'owner.code', header: 'stocks.columns.owner_code', width: 120 },
        ] satisfies GridColumn<StockListRoute>[])
      : []),
    {
      field: 'product.code',
      header: 'stocks.columns.product_code',
      width: 140,
      narrow: true,
      render: (s) => (
        <Anchor component="button" type="button" size="sm" onClick={() => ctx.onProduct(s)}>
          {s.product.code}
        </Anchor>
      ),
    },
    { field: 'product.label', header: 'stocks.columns.label', width: 240 },
    { field: 'batch', header: 'stocks.columns.batch', width: 120, narrow: true },
    {
      field: 'warehouse.name',
      header: 'stocks.columns.warehouse',
      width: 190,
      filterField: 'warehouse.id',
      filter: { choices: [...ctx.warehouses] },
    },
    quantity('quantity', 'stocks.columns.quantity'),
    { ...quantity('available', 'stocks.columns.available'), narrow: true },
    quantity('quantity_allocated', 'stocks.columns.allocated'),
    {
      field: 'quality',
      header: 'stocks.columns.quality',
      width: 110,
      filter: { choices: ctx.qualities.map((q) => ({ value: q, text: q })) },
    },
    {
      field: 'storedAt',
      header: 'stocks.columns.stored_at',
      width: 130,
      filter: 'date',
      value: (s) => day(s.storedAt, language),
    },
    {
      field: 'product.family.name',
      header: 'stocks.columns.family',
      width: 160,
      filterField: 'product.family.id',
      filter: {
        choices: ctx.families.flatMap((f) => (f.families ?? []).map((s) => ({ value: s.id, text: s.name }))),
      },
    },
    attribute('color', 'stocks.columns.color', 120),
    attribute('vintage', 'stocks.columns.vintage', 110),
    attribute('capacity', 'stocks.columns.capacity', 120),
    attribute('family', 'stocks.columns.family_attribute', 170, true),
    attribute('taxation', 'stocks.columns.taxation', 160, true),
    attribute('pcb', 'stocks.columns.pcb', 130, true),
    quantity('quantity_receive_in_progress', 'stocks.columns.receive_in_progress', true),
    quantity('quantity_on_arriving', 'stocks.columns.on_arriving', true),
    {
      field: 'ubd',
      header: 'stocks.columns.ubd',
      width: 120,
      filter: 'date',
      hidden: true,
      value: (s) => day(s.ubd, language),
    },
    {
      field: 'bbd',
      header: 'stocks.columns.bbd',
      width: 120,
      filter: 'date',
      hidden: true,
      value: (s) => day(s.bbd, language),
    },
    ...(ctx.pooled
      ? []
      : [
          {
            field: 'segment',
            header: 'stocks.columns.segment',
            width: 110,
            filter: { choices: SEGMENT_CHOICES },
          } satisfies GridColumn<StockListRoute>,
        ]),
    ...(superadmin
      ? ([
          { field: 'owner.name', header: 'stocks.columns.owner_name', width: 200 },
        ] satisfies GridColumn<StockListRoute>[])
      : []),
  ];
}

interface StocksGridProps {
  principal: Principal;
  pooled: boolean;
  onProduct: (stock: Stock) => void;
  actions?: ReactNode;
}

export function StocksGrid({ principal, pooled, onProduct, actions }: StocksGridProps) {
  const { t } = useTranslation();
  const attributes = useProductAttributes();
  const families = useProductFamilies();
  const warehouses = useWarehouseChoices();
  const qualities = useStockQualities();
  const language = currentLanguage();
  const columns = useMemo(
    () =>
      stockColumns({
        principal,
        pooled,
        attributes: attributes.data ?? {},
        families: families.data ?? [],
        warehouses: warehouses.data ?? [],
        // The filter also offers the qualities kept out of the sellable views (BLO, NC).
        qualities: [...new Set([...(qualities ?? []).map((q) => q.code), ...EXCLUDED_QUALITIES])],
        language,
        t,
        year: new Date().getFullYear(),
        onProduct,
      }),
    [principal, pooled, attributes.data, families.data, warehouses.data, qualities, language, t, onProduct],
  );

  // Choice filters are built once per grid: they wait for the referential.
  if (attributes.isPending || families.isPending) {
    return <Loader m="md" aria-label={t('common.loading')} />;
  }

  return (
    <DataGrid
      slug={stockListPlan.slug}
      route={stockListPlan.route}
      columns={columns}
      defaultSort={stockListPlan.defaultSort}
      include={stockListPlan.include}
      actions={actions}
    />
  );
}
