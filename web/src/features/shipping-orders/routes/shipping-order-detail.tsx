/**
 * /shipping-order/detail/{id} (spec 2 §2): the shipping order, read-only. The loader sends an unknown id to /404.
 * A writer cancels it here until the goods are picked up (the provider's staff at any time), after a confirmation
 * that says whether the warehouse will be told.
 */
import { isSuperadmin, isWritter } from '@cellar/shared/access/roles';
import type { ShippingAddress } from '@cellar/shared/shippingOrders/schemas';
import { shippingOrderRules } from '@cellar/shared/shippingOrders/status';
import { Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { CancelDocumentButton } from '../../../components/documents/cancel-document-button';
import { type Crumb, PageBreadcrumbs } from '../../../components/layouts/page-breadcrumbs';
import { paths } from '../../../config/paths';
import { usePrincipal } from '../../../lib/auth';
import { formatDateTime, formatDay } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useShippingOrder } from '../api/get-shipping-order';
import { useCancelShippingOrder } from '../api/save-shipping-order';
import { ShippingOrderStatusBadge } from '../components/shipping-order-status-badge';
import { formatMoment } from '../utils/moment';

function Field({ label, value }: { label: string; value: string | number | null | undefined }) {
  return <TextInput label={label} value={value ?? ''} readOnly variant="filled" />;
}

interface AddressBlockProps {
  title: string;
  contactLabel: string;
  contact: string;
  address?: ShippingAddress;
  date: string;
}

function AddressBlock({ title, contactLabel, contact, address, date }: AddressBlockProps) {
  const { t } = useTranslation();
  const f = (key: string) => t(`shipping_orders.fields.${key}`);
  return (
    <Paper withBorder p="md">
      <Title order={4} mb="sm">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Field label={contactLabel} value={contact} />
        <Field label={f('address_name')} value={address?.name} />
        <Field label={f('address_contact')} value={address?.contact} />
        <Field label={f('street')} value={address?.street} />
        <Field label={f('postcode')} value={address?.postcode} />
        <Field label={f('city')} value={address?.city} />
        <Field label={f('excise_number')} value={address?.exciseNumber} />
        <Field label={f('comment')} value={address?.comment} />
        <Field label={f('date')} value={date} />
      </SimpleGrid>
      <Text size="sm" mt="sm">
        {`${f('timeslots')} : ${(address?.timeslots ?? []).map((s) => `${s.start}–${s.end}`).join(', ') || '—'}`}
      </Text>
    </Paper>
  );
}

export function ShippingOrderDetailRoute() {
  const { t } = useTranslation();
  const { shippingOrderId = '' } = useParams();
  const o = useShippingOrder(shippingOrderId);
  const navigate = useNavigate();
  const principal = usePrincipal();
  const cancel = useCancelShippingOrder();
  const language = currentLanguage();
  const title = t(paths.shippingOrders.detail.title);
  const f = (key: string) => t(`shipping_orders.fields.${key}`);
  const crumbs: Crumb[] = [
    { label: t('menu.home'), to: paths.dashboard.path },
    { label: t(paths.shippingOrders.list.title), to: paths.shippingOrders.list.path },
    { label: title },
  ];
  const cancellable = isWritter(principal) && shippingOrderRules.isCancellable(o, isSuperadmin(principal));
  const reference = o.reference;
  return (
    <Stack>
      <PageBreadcrumbs crumbs={crumbs} />
      <Group justify="space-between">
        <Group>
          <Title order={2}>{`${title} - ${o.reference}`}</Title>
          <ShippingOrderStatusBadge code={o.statusCode} />
        </Group>
        {cancellable && (
          <CancelDocumentButton
            texts={{
              title: t('shipping_orders.cancel.title'),
              confirm: t(
                shippingOrderRules.isBooked(o.statusCode) && !o.pickedupAt
                  ? 'shipping_orders.cancel.confirm_booked'
                  : 'shipping_orders.cancel.confirm',
                { reference },
              ),
              keep: t('shipping_orders.cancel.keep'),
              done: t('shipping_orders.cancel.done', { reference }),
            }}
            pending={cancel.isPending}
            cancel={() => cancel.mutateAsync(o.id)}
            onDone={() => navigate(paths.shippingOrders.list.path)}
          />
        )}
      </Group>
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Field label={f('reference')} value={o.reference} />
          <Field label={f('warehouse')} value={o.warehouse ? `${o.warehouse.code} - ${o.warehouse.name}` : ''} />
          <Field label={f('segment')} value={o.segment} />
          <Field label={f('palletCount')} value={o.palletCount} />
          <Field label={f('parcelCount')} value={o.parcelCount} />
          <Field label={f('unitCount')} value={o.unitCount} />
          <Field label={f('weight')} value={o.weight} />
          <Field label={f('tracking')} value={o.tracking} />
          <Field label={f('created_at')} value={formatDateTime(o.createdAt, language)} />
          <Field label={f('pickedup_at')} value={formatMoment(o.pickedupAt, language)} />
          <Field label={f('delivered_at')} value={formatMoment(o.deliveredAt, language)} />
        </SimpleGrid>
      </Paper>
      <AddressBlock
        title={t('shipping_orders.steps.pickup')}
        contactLabel={f('sender')}
        contact={o.sender ? `${o.sender.code} - ${o.sender.name}` : ''}
        address={o.pickupAddress}
        date={o.pickupDate ? formatDay(o.pickupDate, language) : ''}
      />
      <AddressBlock
        title={t('shipping_orders.steps.delivery')}
        contactLabel={f('recipient')}
        contact={o.recipient ? `${o.recipient.code} - ${o.recipient.name}` : ''}
        address={o.deliveryAddress}
        date={formatDay(o.deliveryDate, language)}
      />
    </Stack>
  );
}
