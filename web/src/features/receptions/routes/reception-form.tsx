/**
 * /reception/create (?reception_id= continues a reception, ?product_id= and ?supplier_id= come back from creating
 * them) and /reception/modify/{id}. The loaders have fetched the reception: unknown → /404, not modifiable → list.
 */
import type { Reception } from '@cellar/shared/receptions/schemas';
import { Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useProduct } from '../../../components/catalogue/get-product';
import { type Crumb, PageBreadcrumbs } from '../../../components/layouts/page-breadcrumbs';
import { paths } from '../../../config/paths';
import { useReception } from '../api/get-reception';
import { ReceptionForm } from '../components/reception-form';

function ReceptionPage({ reception, modifyRoute }: { reception?: Reception; modifyRoute: boolean }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const productId = searchParams.get('product_id');
  const product = useProduct(productId);
  const title = t(modifyRoute ? paths.receptions.modify.title : paths.receptions.create.title);
  const crumbs: Crumb[] = [
    { label: t('menu.home'), to: paths.dashboard.path },
    { label: t(paths.receptions.list.title), to: paths.receptions.list.path },
    { label: title },
  ];
  // Back from creating a product, the form waits for it to prefill the product search.
  if (productId && product.isPending) return null;

  return (
    <Stack>
      <PageBreadcrumbs crumbs={crumbs} />
      <Title order={2}>{reception?.reference ? `${title} - ${reception.reference}` : title}</Title>
      <ReceptionForm
        reception={reception}
        modifyRoute={modifyRoute}
        product={product.data ?? null}
        supplierId={searchParams.get('supplier_id')}
      />
    </Stack>
  );
}

function StoredReceptionPage({ receptionId, modifyRoute }: { receptionId: string; modifyRoute: boolean }) {
  return <ReceptionPage reception={useReception(receptionId)} modifyRoute={modifyRoute} />;
}

export function ReceptionCreateRoute() {
  const [searchParams] = useSearchParams();
  // The form adds ?reception_id= once it has created the draft: the page stays the same page.
  const [receptionId] = useState(() => searchParams.get('reception_id'));
  return receptionId ? (
    <StoredReceptionPage receptionId={receptionId} modifyRoute={false} />
  ) : (
    <ReceptionPage modifyRoute={false} />
  );
}

export function ReceptionModifyRoute() {
  const { receptionId = '' } = useParams();
  return <StoredReceptionPage key={receptionId} receptionId={receptionId} modifyRoute />;
}
