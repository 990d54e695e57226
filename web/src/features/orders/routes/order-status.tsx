/**
 * /order/status/{id} (spec 2 §2): the reference and recipient reference read-only and a status dropdown whose
 * change saves at once ('order.update_validate_success_msg'); users with the update-status right may set any
 * status, the others see it only.
 */
import { canUpdateStatus } from '@cellar/shared/access/roles';
import type { OrderStatusCode } from '@cellar/shared/orders/schemas';
import { ORDER_STATUS } from '@cellar/shared/orders/status';
import { Group, Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { type Crumb, PageBreadcrumbs } from '../../../components/layouts/page-breadcrumbs';
import { OrderStatusBadge } from '../../../components/status/order-status-badge';
import { paths } from '../../../config/paths';
import { usePrincipal } from '../../../lib/auth';
import { notify } from '../../../lib/notifications';
import { useOrder } from '../api/get-order';
import { useUpdateOrder } from '../api/save-order';

export function OrderStatusRoute() {
  const { t } = useTranslation();
  const { orderId = '' } = useParams();
  const principal = usePrincipal();
  const order = useOrder(orderId);
  const update = useUpdateOrder();
  const title = t(paths.orders.status.title);
  const crumbs: Crumb[] = [
    { label: t('menu.home'), to: paths.dashboard.path },
    { label: t(paths.orders.list.title), to: paths.orders.list.path },
    { label: title },
  ];

  const change = (statusCode: string | null) => {
    if (!statusCode || statusCode === order.statusCode) return;
    update.mutate(
      { id: order.id, body: { statusCode: statusCode as OrderStatusCode } },
      { onSuccess: () => notify('success', t('order.update_validate_success_msg')) },
    );
  };

  return (
    <Stack>
      <PageBreadcrumbs crumbs={crumbs} />
      <Group justify="space-between">
        <Title order={2}>{`${title} - ${order.reference}`}</Title>
        <OrderStatusBadge code={order.statusCode} />
      </Group>
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} maw={900}>
          <TextInput label={t('orders.fields.reference')} value={order.reference} readOnly variant="filled" />
          <TextInput
            label={t('orders.fields.recipient_reference')}
            value={order.recipientReference}
            readOnly
            variant="filled"
          />
          <Select
            label={t('orders.fields.status')}
            data={ORDER_STATUS.list.map((s) => ({ value: s.code, label: `${s.code} - ${t(s.labelKey)}` }))}
            value={order.statusCode}
            onChange={change}
            disabled={!canUpdateStatus(principal) || update.isPending}
            allowDeselect={false}
          />
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}
