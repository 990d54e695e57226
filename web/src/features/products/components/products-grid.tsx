/**
 * The product list's grid (spec 3 §2): the stock flag first, the product columns with their attributes read in
 * the current language, hidden, and the company code for the superadmin; the row icons of product-row-actions.
 * At phone width: the stock flag, the code and the label.
 */
import { isSuperadmin, type Principal } from '@cellar/shared/access/roles';
import type { Language } from '@cellar/shared/i18n/messages';
import type { Product } from '@cellar/shared/products/schemas';
import type { Attribute, ProductFamily } from '@cellar/shared/referential/schemas';
import type { routes } from '@cellar/shared/routes/table';
import { Center, Loader } from '@mantine/core';
import { IconPackage, IconPackageOff } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type ReactNode, type Ref, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { attributeColumn } from '../../../components/catalogue/attribute-column';
import { vintageChoices } from '../../../components/catalogue/attribute-text';
import { BOOLEAN_CHOICES, type Choice } from '../../../components/data-grid/choice-filter';
import { DataGrid, type DataGridHandle } from '../../../components/data-grid/data-grid';
import type { GridColumn } from '../../../components/data-grid/grid-column';
import { useWarehouseChoices } from '../../../components/data-grid/warehouse-choices';
import { Hint } from '../../../components/ui/hint';
import { currentLanguage } from '../../../lib/i18n';
import { useProductAttributes, useProductFamilies } from '../../../lib/reference-data';
import { productListPlan } from '../api/product-list-plan';

type ProductListRoute = typeof routes.productList;

function StockFlag({ product }: { product: Product }) {
  const { t } = useTranslation();
  const label = t(product.hasStock ? 'products.in_stock' : 'products.no_stock');
  const I = product.hasStock ? IconPackage : IconPackageOff;
  return (
    <Hint label={label}>
      <Center h="100%" role="img" aria-label={`${label} ${product.code}`}>
        <I size={16} color={product.hasStock ? 'var(--mantine-color-green-7)' : 'var(--mantine-color-gray-5)'} />
      </Center>
    </Hint>
  );
}

export interface ProductColumnsContext {
  principal: Principal;
  attributes: Record<string, Attribute>;
  families: readonly ProductFamily[];
  warehouses: readonly Choice[];
  language: Language;
  t: TFunction;
  year: number;
}

const ATTRIBUTE_COLUMNS: { id: string; width: number; hidden?: boolean }[] = [
  { id: 'color', width: 120 },
  { id: 'vintage', width: 110 },
  { id: 'capacity', width: 120 },
  { id: 'degree', width: 100, hidden: true },
  { id: 'conditionning', width: 150, hidden: true },
  { id: 'pcb', width: 130 },
  { id: 'taxation', width: 160 },
  { id: 'governing_rights', width: 160, hidden: true },
];

export function productColumns(ctx: ProductColumnsContext): GridColumn<ProductListRoute>[] {
  const { t, language } = ctx;
  const yesNo = (yes: boolean) => t(yes ? 'common.yes' : 'common.no');
  return [
    {
      field: 'hasStock',
      header: 'products.columns.has_stock',
      width: 90,
      narrow: true,
      filter: { choices: BOOLEAN_CHOICES },
      render: (p) => <StockFlag product={p} />,
    },
    { field: 'code', header: 'products.columns.code', width: 140, narrow: true },
    { field: 'label', header: 'products.columns.label', width: 260, narrow: true },
    {
      field: 'family.parent.name',
      header: 'products.columns.family',
      width: 170,
      filterField: 'family.parent.id',
      filter: { choices: ctx.families.map((f) => ({ value: f.id, text: f.name })) },
    },
    {
      field: 'family.name',
      header: 'products.columns.sub_family',
      width: 160,
      filterField: 'family.id',
      filter: {
        choices: ctx.families.flatMap((f) => (f.families ?? []).map((s) => ({ value: s.id, text: s.name }))),
      },
    },
    ...ATTRIBUTE_COLUMNS.map(({ id, width, hidden }) =>
      attributeColumn<ProductListRoute>({
        field: `attributes.${id}`,
        header: `products.columns.${id}`,
        attribute: ctx.attributes[id],
        value: (p) => p.attributes[id],
        language,
        yesNo,
        hidden,
        width,
        ...(id === 'vintage' ? { filter: { choices: vintageChoices(ctx.year) } } : {}),
      }),
    ),
    {
      field: 'warehouse.name',
      header: 'products.columns.warehouse',
      width: 190,
      filterField: 'warehouse.id',
      filter: { choices: [...ctx.warehouses] },
    },
    { field: 'eanUnit', header: 'products.columns.ean_unit', hidden: true },
    {
      field: 'hidden',
      header: 'products.columns.hidden',
      width: 110,
      filter: { choices: BOOLEAN_CHOICES },
      value: (p) => yesNo(p.hidden),
    },
    ...(isSuperadmin(ctx.principal)
      ? [
          {
            field: 'owner.code',
            header: 'products.columns.owner_code',
            width: 130,
          } satisfies GridColumn<ProductListRoute>,
        ]
      : []),
  ];
}

interface ProductsGridProps {
  principal: Principal;
  rowActions: (product: Product) => ReactNode;
  actions: ReactNode;
  ref: Ref<DataGridHandle>;
}

export function ProductsGrid({ principal, rowActions, actions, ref }: ProductsGridProps) {
  const { t } = useTranslation();
  const attributes = useProductAttributes();
  const families = useProductFamilies();
  const warehouses = useWarehouseChoices();
  const language = currentLanguage();
  const columns = useMemo(
    () =>
      productColumns({
        principal,
        attributes: attributes.data ?? {},
        families: families.data ?? [],
        warehouses: warehouses.data ?? [],
        language,
        t,
        year: new Date().getFullYear(),
      }),
    [principal, attributes.data, families.data, warehouses.data, language, t],
  );

  // Choice filters are built once per grid: they wait for the referential.
  if (attributes.isPending || families.isPending) {
    return <Loader m="md" aria-label={t('common.loading')} />;
  }

  return (
    <DataGrid
      ref={ref}
      slug={productListPlan.slug}
      route={productListPlan.route}
      columns={columns}
      defaultSort={productListPlan.defaultSort}
      include={productListPlan.include}
      rowActions={rowActions}
      rowActionsWidth={120}
      actions={actions}
    />
  );
}
