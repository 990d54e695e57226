/**
 * /product/create and /product/modify/{id}. Opened from another flow (?origin=/reception/create), success goes
 * back there with ?product_id=<id> and the breadcrumbs lead there; otherwise to the list, searching for the
 * label. The edit page words its own title, 'Edit product - {code}'.
 */
import type { Product } from '@cellar/shared/products/schemas';
import { Paper, Stack, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { productQueryOptions } from '../../../components/catalogue/get-product';
import { type Crumb, PageBreadcrumbs } from '../../../components/layouts/page-breadcrumbs';
import { paths } from '../../../config/paths';
import { useOwnPageTitle } from '../../../hooks/use-page-title';
import { useCreateProduct } from '../api/create-product';
import { useUpdateProduct } from '../api/update-product';
import { ProductForm } from '../components/product-form';
import { listPathFor, originOf, returnPath } from '../utils/origin';
import type { ProductBody } from '../utils/product-values';

function ProductPage({ product }: { product?: Product }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const origin = originOf(searchParams);
  const listPath = paths.products.list.path;
  const title = product ? t('products.edit_title', { code: product.code }) : t(paths.products.create.title);

  const crumbs: Crumb[] = [
    { label: t('menu.home'), to: paths.dashboard.path },
    origin
      ? { label: t(origin.startsWith('/reception') ? 'breadcrumbs.reception' : 'breadcrumbs.back'), to: origin }
      : { label: t(paths.products.list.title), to: listPath },
    { label: title },
  ];

  const save = (body: ProductBody) =>
    (product ? update.mutateAsync({ id: product.id, body }) : create.mutateAsync(body)).then((saved) =>
      navigate(origin ? returnPath(origin, saved.id) : listPathFor(listPath, saved.label)),
    );

  return (
    <Stack>
      <PageBreadcrumbs crumbs={crumbs} />
      <Title order={2}>{title}</Title>
      <Paper withBorder p="md" maw={1100}>
        <ProductForm
          product={product}
          selectedWarehouseId={searchParams.get('warehouse_id')}
          submitting={create.isPending || update.isPending}
          onSubmit={save}
          onCancel={() => navigate(origin ?? listPath)}
        />
      </Paper>
    </Stack>
  );
}

export function ProductCreateRoute() {
  return <ProductPage />;
}

/** The loader has fetched the product (or gone back to the list). */
export function ProductModifyRoute() {
  const { t } = useTranslation();
  const { productId = '' } = useParams();
  const product = useSuspenseQuery(productQueryOptions(productId)).data;
  useOwnPageTitle(t('products.edit_title', { code: product.code }));
  return <ProductPage key={product.id} product={product} />;
}
