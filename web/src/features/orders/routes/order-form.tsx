/**
 * /order/create (?order_id= continues a draft; ?recipient_id= and ?carrier_id= preload a contact) and
 * /order/modify/{id}. The loaders have fetched the order: unknown → /404, not modifiable → the list.
 */
import type { Order } from '@cellar/shared/orders/schemas';
import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { type Crumb, PageBreadcrumbs } from '../../../components/layouts/page-breadcrumbs';
import { paths } from '../../../config/paths';
import { useOrder } from '../api/get-order';
import { fetchContact } from '../api/get-recipients';
import { OrderWizard } from '../components/order-wizard';

function OrderPage({ order, modifyRoute }: { order?: Order; modifyRoute: boolean }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const recipientId = order ? null : searchParams.get('recipient_id');
  const carrierId = order ? null : searchParams.get('carrier_id');
  const recipient = useQuery({
    queryKey: ['order-preload-recipient', recipientId],
    queryFn: () => fetchContact(recipientId ?? ''),
    enabled: Boolean(recipientId),
  });
  const title = t(modifyRoute ? paths.orders.modify.title : paths.orders.create.title);
  const crumbs: Crumb[] = [
    { label: t('menu.home'), to: paths.dashboard.path },
    { label: t(paths.orders.list.title), to: paths.orders.list.path },
    { label: title },
  ];
  // The preloaded recipient is copied into the form when it starts.
  if (recipientId && recipient.isPending) return null;
  const contact = recipient.data?.type === 'recipient' ? recipient.data : null;

  return (
    <Stack>
      <PageBreadcrumbs crumbs={crumbs} />
      <Title order={2}>{order?.reference ? `${title} - ${order.reference}` : title}</Title>
      <OrderWizard order={order} modifyRoute={modifyRoute} preload={{ recipient: contact, carrierId }} />
    </Stack>
  );
}

function StoredOrderPage({ orderId, modifyRoute }: { orderId: string; modifyRoute: boolean }) {
  return <OrderPage order={useOrder(orderId)} modifyRoute={modifyRoute} />;
}

export function OrderCreateRoute() {
  const [searchParams] = useSearchParams();
  // The wizard adds ?order_id= once it has created the draft: the page stays the same page.
  const [orderId] = useState(() => searchParams.get('order_id'));
  return orderId ? <StoredOrderPage orderId={orderId} modifyRoute={false} /> : <OrderPage modifyRoute={false} />;
}

export function OrderModifyRoute() {
  const { orderId = '' } = useParams();
  return <StoredOrderPage key={orderId} orderId={orderId} modifyRoute />;
}
