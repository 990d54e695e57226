/**
 * /order/detail/{id}: the order read-only (spec 2 §2): its details, recipient address, delivery (B2B: who manages
 * the pickup, shipping label, delivery or pickup date, appointment; B2C: carrier, service, dates), the order type
 * of the one carrier owner that needs it, the shipment (tracking numbers linked to the carrier's page, when it
 * left, exit point, excise document), comments, the cart with its counts, the packing list once shipped, the PDF
 * in the statuses that have one, and the order's history. A writer may duplicate the order into a new draft, and
 * cancel it, or ask the warehouse to, while it allows; a pending or refused cancellation, or the warehouse's
 * refusal of the order, is said at the top.
 */
import { orderTypeRequired, requiredDateField } from '@cellar/shared/orders/schemas';
import { orderRules } from '@cellar/shared/orders/status';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { TrackingLinks } from '../../../components/documents/tracking-links';
import { type Crumb, PageBreadcrumbs } from '../../../components/layouts/page-breadcrumbs';
import { OrderStatusBadge } from '../../../components/status/order-status-badge';
import { DocumentTimeline } from '../../../components/timeline/document-timeline';
import { paths } from '../../../config/paths';
import { formatDateTime, formatDay } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useOrder } from '../api/get-order';
import { downloadOrderPdf } from '../api/save-order';
import { CancellationNotice, CancelOrderButton } from '../components/cancel-order';
import { DuplicateOrderButton } from '../components/duplicate-order';
import { OrderLinesTable } from '../components/order-lines-table';
import { PackingList } from '../components/packing-list';
import { orderTracking } from '../utils/tracking';

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ whiteSpace: 'pre-line' }}>
        {value === '' || value === null || value === undefined ? '—' : value}
      </Text>
    </div>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={4} mb="xs">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>{children}</SimpleGrid>
    </Paper>
  );
}

export function OrderDetailRoute() {
  const { t } = useTranslation();
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  const language = currentLanguage();
  const [downloading, setDownloading] = useState(false);
  const title = t(paths.orders.detail.title);
  const crumbs: Crumb[] = [
    { label: t('menu.home'), to: paths.dashboard.path },
    { label: t(paths.orders.list.title), to: paths.orders.list.path },
    { label: title },
  ];
  const day = (v: string | null) => (v ? formatDay(v, language) : '');
  const r = order.recipient;
  const b2b = order.segment === 'B2B';
  const dateField = requiredDateField(order);
  const carrierOwnerCode = order.carrier?.owner?.code ?? null;
  const { shippedAt, exciseDocument } = order.fulfilment;
  const tracking = orderTracking(order);
  const shipped = order.statusCode === '070' || tracking.length > 0 || shippedAt !== null;

  const download = () => {
    setDownloading(true);
    downloadOrderPdf(order.id, t('orders.pdf_error'))
      .catch(() => undefined)
      .finally(() => setDownloading(false));
  };

  return (
    <Stack>
      <PageBreadcrumbs crumbs={crumbs} />
      <Group justify="space-between">
        <Group>
          <Title order={2}>{`${title} - ${order.reference}`}</Title>
          <OrderStatusBadge code={order.statusCode} />
        </Group>
        <Group gap="xs">
          <DuplicateOrderButton order={order} />
          <CancelOrderButton order={order} />
          {orderRules.isPdfAvailable(order.statusCode) && (
            <Button
              variant="light"
              leftSection={<IconFileTypePdf size={16} />}
              loading={downloading}
              onClick={download}
            >
              {t('orders.download_pdf')}
            </Button>
          )}
        </Group>
      </Group>
      <CancellationNotice order={order} />
      <Block title={t('orders.blocks.details')}>
        <Field label={t('orders.fields.reference')} value={order.reference} />
        <Field label={t('orders.fields.recipient_reference')} value={order.recipientReference} />
        <Field label={t('orders.fields.grouping_number')} value={order.groupingNumber} />
        <Field label={t('orders.fields.segment')} value={order.segment ?? ''} />
        <Field
          label={t('orders.fields.warehouse')}
          value={order.warehouse ? `${order.warehouse.code} - ${order.warehouse.name}` : ''}
        />
        <Field label={t('orders.fields.created_at')} value={formatDateTime(order.createdAt, language)} />
        {order.owner && <Field label={t('orders.fields.owner')} value={`${order.owner.code} - ${order.owner.name}`} />}
      </Block>
      <Block title={t('orders.blocks.recipient')}>
        <Field label={t('orders.fields.recipient')} value={r?.displayName ?? ''} />
        <Field
          label={t('orders.fields.address')}
          value={r ? [r.street, r.details, `${r.postcode} ${r.city}`.trim(), r.country].filter(Boolean).join('\n') : ''}
        />
        <Field label={t('orders.fields.contact')} value={r ? [r.email, r.phone].filter(Boolean).join('\n') : ''} />
        <Field label={t('orders.fields.excise_number')} value={r?.exciseNumber ?? ''} />
      </Block>
      <Block title={t('orders.blocks.delivery')}>
        {b2b ? (
          <>
            <Field
              label={t('orders.fields.pickup_managed_by')}
              value={t(order.pickupManagedByProduct ? 'orders.pickup.provider' : 'orders.pickup.client')}
            />
            {!order.pickupManagedByProduct && (
              <Field
                label={t('orders.fields.shipping_label')}
                value={t(order.shippingLabelRequired ? 'orders.shipping_label.required' : 'orders.shipping_label.none')}
              />
            )}
          </>
        ) : (
          <>
            <Field label={t('orders.fields.carrier')} value={order.carrier?.name ?? ''} />
            <Field
              label={t('orders.fields.service')}
              value={order.service ? `${order.service.code} - ${order.service.name}` : (order.serviceCode ?? '')}
            />
          </>
        )}
        {b2b && order.carrier && <Field label={t('orders.fields.carrier')} value={order.carrier.name} />}
        <Field
          label={t(dateField === 'pickupDate' ? 'orders.fields.pickup_date' : 'orders.fields.delivery_date')}
          value={day(order[dateField])}
        />
        <Field label={t('orders.fields.appointment_date')} value={day(order.appointmentDate)} />
        <Field label={t('orders.fields.preparation_date')} value={day(order.preparationDate)} />
        {(orderTypeRequired(carrierOwnerCode) || order.type) && (
          <Field label={t('orders.fields.type')} value={order.type ?? ''} />
        )}
      </Block>
      {shipped && (
        <Block title={t('orders.blocks.shipment')}>
          <Field
            label={t('orders.fields.tracking')}
            value={tracking.length ? <TrackingLinks numbers={tracking} /> : ''}
          />
          <Field label={t('orders.fields.shipped_at')} value={shippedAt ? formatDateTime(shippedAt, language) : ''} />
          <Field label={t('orders.fields.exit_point')} value={order.exitPoint} />
          <Field label={t('orders.fields.excise_document')} value={exciseDocument ?? ''} />
        </Block>
      )}
      <Block title={t('orders.blocks.comments')}>
        <Field label={t('orders.fields.delivery_comment')} value={order.deliveryComment} />
        <Field label={t('orders.fields.preparation_comment')} value={order.preparationComment} />
        <Field label={t('orders.fields.comment')} value={order.comment} />
      </Block>
      <OrderLinesTable lines={order.stocks ?? []} />
      {orderRules.showsPacking(order.statusCode) && order.packings.length > 0 && (
        <PackingList packings={order.packings} />
      )}
      <DocumentTimeline kind="order" id={order.id} version={order.updatedAt} />
    </Stack>
  );
}
