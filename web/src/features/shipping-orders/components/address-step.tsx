/**
 * The pickup or delivery step (spec 2 §2): the contact (sender among the owner's suppliers, recipient among its
 * recipients), whose address fills the address block; the date; and the time slots, 08:00–16:00 on the half hour.
 */
import { contactText } from '@cellar/shared/contacts/schemas';
import { type ShippingAddress, shippingAddressOf, type Timeslot } from '@cellar/shared/shippingOrders/schemas';
import { ActionIcon, Button, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DayFromTodayInput } from '../../../components/forms/day-from-today-input';
import { useOwnerContacts } from '../api/get-contacts';
import type { ShippingOrderFormValues } from '../utils/form-values';
import { TimeField } from './time-field';

interface AddressStepProps {
  form: UseFormReturnType<ShippingOrderFormValues>;
  kind: 'pickup' | 'delivery';
  /** The owner whose contacts are offered (the superadmin's chosen account; null: the caller's company). */
  ownerId: string | null;
  ownerKnown: boolean;
}

export function AddressStep({ form, kind, ownerId, ownerKnown }: AddressStepProps) {
  const { t } = useTranslation();
  const contactField = kind === 'pickup' ? 'senderId' : 'recipientId';
  const addressField = kind === 'pickup' ? 'pickupAddress' : 'deliveryAddress';
  const dateField = kind === 'pickup' ? 'pickupDate' : 'deliveryDate';
  const contacts = useOwnerContacts(kind === 'pickup' ? 'supplier' : 'recipient', ownerId, ownerKnown);
  const address = form.values[addressField];
  const slots = address.timeslots;

  const chooseContact = (id: string | null) => {
    form.setFieldValue(contactField, id);
    const c = contacts.data?.find((x) => x.id === id);
    if (c) form.setFieldValue(addressField, shippingAddressOf(c.address, slots));
  };
  const setSlots = (next: Timeslot[]) => form.setFieldValue(`${addressField}.timeslots`, next);
  const text = (f: keyof ShippingAddress, label: string, required = false, max = 100) => (
    <TextInput
      label={t(`shipping_orders.fields.${label}`)}
      withAsterisk={required}
      maxLength={max}
      {...form.getInputProps(`${addressField}.${f}`)}
    />
  );

  return (
    <Stack gap="sm" mt="md" maw={720} role="form" aria-label={t(`shipping_orders.steps.${kind}`)}>
      <Select
        label={t(`shipping_orders.fields.${kind === 'pickup' ? 'sender' : 'recipient'}`)}
        searchable
        clearable
        data={(contacts.data ?? []).map((c) => ({ value: c.id, label: contactText(c.code, c.address) }))}
        value={form.values[contactField]}
        onChange={chooseContact}
        nothingFoundMessage={contacts.isFetching ? t('common.loading') : t('common.no_data')}
        error={form.errors[contactField]}
        w={{ base: '100%', sm: 420 }}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {text('name', 'address_name', true)}
        {text('contact', 'address_contact')}
        {text('street', 'street', true, 150)}
        {text('postcode', 'postcode', true, 12)}
        {text('city', 'city', true)}
        {text('exciseNumber', 'excise_number', false, 13)}
      </SimpleGrid>
      <Textarea
        label={t('shipping_orders.fields.comment')}
        maxLength={255}
        autosize
        minRows={2}
        {...form.getInputProps(`${addressField}.comment`)}
      />
      <DayFromTodayInput
        label={t(`shipping_orders.fields.${kind === 'pickup' ? 'pickup_date' : 'delivery_date'}`)}
        withAsterisk={kind === 'delivery'}
        w={{ base: '100%', sm: 220 }}
        {...form.getInputProps(dateField)}
      />
      <Text fw={600} size="sm">
        {t('shipping_orders.fields.timeslots')}
      </Text>
      {slots.map((slot, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a slot has no identity but its place in the list.
        <Group key={i} align="flex-end" gap="xs" wrap="wrap">
          <TimeField
            bounded
            label={t('shipping_orders.fields.slot_start', { n: i + 1 })}
            value={slot.start}
            onChange={(start) => setSlots(slots.map((s, j) => (j === i ? { ...s, start } : s)))}
            error={form.errors[`${addressField}.timeslots.${i}.start`]}
          />
          <TimeField
            bounded
            label={t('shipping_orders.fields.slot_end', { n: i + 1 })}
            value={slot.end}
            onChange={(end) => setSlots(slots.map((s, j) => (j === i ? { ...s, end } : s)))}
            error={form.errors[`${addressField}.timeslots.${i}.end`]}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mb={4}
            aria-label={t('shipping_orders.remove_slot', { n: i + 1 })}
            onClick={() => setSlots(slots.filter((_, j) => j !== i))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => setSlots([...slots, { start: '', end: '' }])}
        >
          {t('shipping_orders.add_slot')}
        </Button>
      </Group>
    </Stack>
  );
}
