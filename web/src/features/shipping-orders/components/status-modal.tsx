/**
 * The shipping order status modal (spec 2 §2, §4, §5): the current and the chosen status as coloured chips (any
 * change allowed), the pickup and delivery moments (date and time together, any minute) and the tracking number.
 * It sends the version it read: a change made meanwhile answers 409 and is shown as such.
 */
import { dateTimeIssue, joinDateTime, type ShippingOrder } from '@cellar/shared/shippingOrders/schemas';
import { SHIPPING_ORDER_STATUS } from '@cellar/shared/shippingOrders/status';
import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, notifyInvalidForm } from '../../../lib/form';
import { parseDay } from '../../../lib/format';
import { useUpdateShippingOrder } from '../api/save-shipping-order';
import { ShippingOrderStatusBadge } from './shipping-order-status-badge';
import { TimeField } from './time-field';

interface StatusValues {
  statusCode: string;
  pickupDate: string | null;
  pickupTime: string;
  deliveryDate: string | null;
  deliveryTime: string;
  tracking: string;
}

const split = (moment: string | null) => ({
  date: moment ? moment.slice(0, 10) : null,
  time: moment?.slice(11, 16) ?? '',
});

const valuesOf = (o: ShippingOrder): StatusValues => ({
  statusCode: o.statusCode,
  pickupDate: split(o.pickedupAt).date,
  pickupTime: split(o.pickedupAt).time,
  deliveryDate: split(o.deliveredAt).date,
  deliveryTime: split(o.deliveredAt).time,
  tracking: o.tracking ?? '',
});

interface StatusModalProps {
  /** The shipping order whose status changes; null closes the modal. */
  shippingOrder: ShippingOrder | null;
  onClose: () => void;
  onSaved: () => void;
}

export function StatusModal({ shippingOrder, onClose, onSaved }: StatusModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={shippingOrder !== null}
      onClose={onClose}
      title={t('shipping_orders.status_modal.title', { reference: shippingOrder?.reference ?? '' })}
      size="lg"
    >
      {shippingOrder && <StatusForm key={shippingOrder.id} shippingOrder={shippingOrder} onSaved={onSaved} />}
    </Modal>
  );
}

function StatusForm({ shippingOrder, onSaved }: { shippingOrder: ShippingOrder; onSaved: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateShippingOrder();
  const form = useForm<StatusValues>({ initialValues: valuesOf(shippingOrder) });
  const v = form.values;

  const submit = () => {
    const pickedupAt = joinDateTime(v.pickupDate, v.pickupTime);
    const deliveredAt = joinDateTime(v.deliveryDate, v.deliveryTime);
    const errors: Record<string, string> = {};
    // Date and time go together: the message goes on the half that is missing.
    for (const [moment, date, time] of [
      [pickedupAt, 'pickupDate', 'pickupTime'],
      [deliveredAt, 'deliveryDate', 'deliveryTime'],
    ] as const) {
      const key = dateTimeIssue(moment);
      if (key) errors[v[date] ? time : date] = t(key);
    }
    form.setErrors(errors);
    if (Object.keys(errors).length) {
      notifyInvalidForm();
      return;
    }
    update.mutate(
      {
        id: shippingOrder.id,
        body: {
          version: shippingOrder.version,
          statusCode: v.statusCode as ShippingOrder['statusCode'],
          pickedupAt,
          deliveredAt,
          tracking: v.tracking.trim() || null,
        },
      },
      {
        onSuccess: onSaved,
        onError: (error) => {
          applyServerErrors(form, error);
        },
      },
    );
  };

  const dateProps = {
    valueFormat: 'DD/MM/YYYY',
    dateParser: parseDay,
    firstDayOfWeek: 1 as const,
    clearable: true,
    popoverProps: { withinPortal: true },
  };

  return (
    <Stack>
      <Group gap="sm" aria-label={t('shipping_orders.status_modal.change')}>
        <ShippingOrderStatusBadge code={shippingOrder.statusCode} />
        <IconArrowRight size={16} />
        <ShippingOrderStatusBadge code={v.statusCode} />
      </Group>
      <Select
        label={t('shipping_orders.fields.status')}
        data={SHIPPING_ORDER_STATUS.list.map((s) => ({ value: s.code, label: `${s.code} - ${t(s.labelKey)}` }))}
        allowDeselect={false}
        {...form.getInputProps('statusCode')}
      />
      <Text fw={600} size="sm">
        {t('shipping_orders.fields.pickedup_at')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateInput label={t('shipping_orders.fields.date')} {...dateProps} {...form.getInputProps('pickupDate')} />
        <TimeField
          label={t('shipping_orders.fields.pickup_time')}
          value={v.pickupTime}
          onChange={(time) => form.setFieldValue('pickupTime', time)}
          error={form.errors.pickupTime}
        />
      </SimpleGrid>
      <Text fw={600} size="sm">
        {t('shipping_orders.fields.delivered_at')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateInput label={t('shipping_orders.fields.date')} {...dateProps} {...form.getInputProps('deliveryDate')} />
        <TimeField
          label={t('shipping_orders.fields.delivery_time')}
          value={v.deliveryTime}
          onChange={(time) => form.setFieldValue('deliveryTime', time)}
          error={form.errors.deliveryTime}
        />
      </SimpleGrid>
      <TextInput label={t('shipping_orders.fields.tracking')} maxLength={100} {...form.getInputProps('tracking')} />
      <Group justify="flex-end">
        <Button onClick={submit} loading={update.isPending}>
          {t('common.save')}
        </Button>
      </Group>
    </Stack>
  );
}
