/**
 * /shipping-order/create (spec 2 §2): the three-step form, reopened on the order kept in the session; ?supplier_id=
 * starts on step 2 with that sender, ?recipient_id= on step 3 with that recipient (their addresses filled in).
 */
import { routes } from '@cellar/shared/routes/table';
import { shippingAddressOf } from '@cellar/shared/shippingOrders/schemas';
import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type Crumb, PageBreadcrumbs } from '../../../components/layouts/page-breadcrumbs';
import { paths } from '../../../config/paths';
import { callRoute } from '../../../lib/api-client';
import { routeKey } from '../../../lib/route-key';
import { ShippingOrderForm } from '../components/shipping-order-form';
import { currentShippingOrder } from '../utils/current-shipping-order';
import { emptyValues } from '../utils/form-values';

/** The contact a link names, to preload. */
function useLinkedContact(id: string | null) {
  return useQuery({
    queryKey: routeKey(routes.contactGet, { id: id ?? '' }),
    queryFn: () => callRoute(routes.contactGet, { params: { id: id ?? '' }, quietStatuses: [404, 422] }),
    enabled: Boolean(id),
  });
}

export function ShippingOrderCreateRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [recipientId] = useState(() => searchParams.get('recipient_id'));
  const [supplierId] = useState(() => (recipientId ? null : searchParams.get('supplier_id')));
  const linked = useLinkedContact(recipientId ?? supplierId);
  const title = t(paths.shippingOrders.create.title);
  const crumbs: Crumb[] = [
    { label: t('menu.home'), to: paths.dashboard.path },
    { label: t(paths.shippingOrders.list.title), to: paths.shippingOrders.list.path },
    { label: title },
  ];
  if ((recipientId || supplierId) && linked.isPending) return null;

  const kept = currentShippingOrder.get();
  const values = kept?.values ?? emptyValues();
  let step = kept ? Math.min(kept.step + 1, 2) : 0;
  const contact = linked.data;
  if (contact && recipientId) {
    values.recipientId = contact.id;
    values.deliveryAddress = shippingAddressOf(contact.address, values.deliveryAddress.timeslots);
    step = 2;
  } else if (contact && supplierId) {
    values.senderId = contact.id;
    values.pickupAddress = shippingAddressOf(contact.address, values.pickupAddress.timeslots);
    step = 1;
  }

  return (
    <Stack>
      <PageBreadcrumbs crumbs={crumbs} />
      <Title order={2}>{title}</Title>
      <ShippingOrderForm initialValues={values} initialStep={step} />
    </Stack>
  );
}
