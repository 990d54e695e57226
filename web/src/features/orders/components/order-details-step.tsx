/**
 * Step 3 of the order wizard (spec 2 §2, §4, §5): references, the recipient (search and Add, then its address,
 * company mode for B2B), the delivery (B2B: who manages the pickup and its date, the shipping label, the order
 * type for the one carrier owner; B2C: carrier, service, delivery date) and the comments. What a choice clears is
 * the shared wizard rules'.
 */

import type { Address } from '@cellar/shared/common/address';
import type { Contact } from '@cellar/shared/contacts/schemas';
import {
  ORDER_COMMENT_MAX,
  ORDER_GROUPING_MAX,
  ORDER_REFERENCE_MAX,
  ORDER_TYPES,
  orderTypeRequired,
} from '@cellar/shared/orders/schemas';
import {
  Button,
  Group,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressFields } from '../../../components/forms/address-fields';
import { DayFromTodayInput } from '../../../components/forms/day-from-today-input';
import { useFocusOnMount } from '../../../hooks/use-focus-on-mount';
import { formatDay } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import type { OwnerCarrier } from '../api/get-carriers';
import type { OrderFormValues } from '../utils/form-values';
import { RecipientField } from './recipient-field';

interface OrderDetailsStepProps {
  form: UseFormReturnType<OrderFormValues>;
  /** The reference is locked (the order has left the draft: orderRules.isReferenceLocked). */
  referenceLocked: boolean;
  appointmentDate: string | null;
  carriers: readonly OwnerCarrier[];
  onChooseRecipient: (contact: Contact) => void;
  onAddRecipient: () => void;
  onClearRecipient: () => void;
  onPickupManagement: (managed: 0 | 1) => void;
  onCarrier: (carrierId: string | null) => void;
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'xs', sm: 'md' }} component="section" aria-label={title}>
      <Title order={4} mb="xs">
        {title}
      </Title>
      <Stack gap="xs">{children}</Stack>
    </Paper>
  );
}

export function OrderDetailsStep(props: OrderDetailsStepProps) {
  const { form, referenceLocked, appointmentDate, carriers } = props;
  const { t } = useTranslation();
  const v = form.values;
  const b2c = v.segment === 'B2C';
  const carrier = carriers.find((c) => c.id === v.carrierId) ?? null;
  const carrierData = carriers.map((c) => ({ value: c.id, label: `${c.code} - ${c.name}` }));
  // Choosing, adding or changing the recipient swaps the search for the recipient's summary (or back): the focus
  // goes to what takes the place of the control that had it.
  const summaryFocus = useFocusOnMount();
  const searchFocus = useFocusOnMount<HTMLInputElement>();

  const dateField = (name: 'deliveryDate' | 'pickupDate', label: string, description?: string) => (
    <DayFromTodayInput
      label={label}
      description={description}
      withAsterisk
      w={{ base: '100%', sm: 240 }}
      {...form.getInputProps(name)}
    />
  );
  const appointment = (
    <TextInput
      label={t('orders.fields.appointment_date')}
      value={appointmentDate ? formatDay(appointmentDate, currentLanguage()) : ''}
      readOnly
      variant="filled"
      w={{ base: '100%', sm: 240 }}
    />
  );
  const carrierSelect = (
    <Select
      label={t('orders.fields.carrier')}
      withAsterisk={b2c}
      clearable={!b2c}
      searchable
      data={carrierData}
      value={v.carrierId}
      onChange={props.onCarrier}
      error={form.errors.carrierId}
      nothingFoundMessage={t('common.no_data')}
      w={{ base: '100%', sm: 320 }}
    />
  );
  const typeSelect = carrier && orderTypeRequired(carrier.code) && (
    <Select
      label={t('orders.fields.type')}
      withAsterisk
      data={[...ORDER_TYPES]}
      w={{ base: '100%', sm: 240 }}
      {...form.getInputProps('type')}
    />
  );

  return (
    <Stack gap="md">
      <Block title={t('orders.blocks.details')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label={t('orders.fields.reference')}
            withAsterisk
            maxLength={ORDER_REFERENCE_MAX}
            readOnly={referenceLocked}
            variant={referenceLocked ? 'filled' : 'default'}
            {...form.getInputProps('reference')}
          />
          <TextInput
            label={t('orders.fields.recipient_reference')}
            maxLength={50}
            {...form.getInputProps('recipientReference')}
          />
          <TextInput
            label={t('orders.fields.grouping_number')}
            maxLength={ORDER_GROUPING_MAX}
            {...form.getInputProps('groupingNumber')}
          />
        </SimpleGrid>
      </Block>

      <Block title={t('orders.blocks.recipient')}>
        {v.hasRecipient ? (
          <>
            <Group justify="space-between">
              <Text size="sm" fw={500} tabIndex={-1} ref={summaryFocus.ref}>
                {v.customerId ? t('orders.wizard.recipient_from_contact') : t('orders.wizard.recipient_typed')}
              </Text>
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconX size={14} />}
                onClick={() => {
                  searchFocus.ask();
                  props.onClearRecipient();
                }}
              >
                {t('orders.wizard.change_recipient')}
              </Button>
            </Group>
            {form.errors.customerId && (
              <Text size="sm" c="red">
                {form.errors.customerId}
              </Text>
            )}
            <AddressFields
              form={form as unknown as UseFormReturnType<{ address: Address }>}
              contactRequired={b2c}
              withExcise
            />
          </>
        ) : (
          <Group align="flex-end" gap="xs">
            <RecipientField
              ref={searchFocus.ref}
              ownerId={v.ownerId}
              segment={v.segment}
              onChoose={(contact) => {
                summaryFocus.ask();
                props.onChooseRecipient(contact);
              }}
              error={form.errors.recipient ?? form.errors.customerId}
            />
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() => {
                summaryFocus.ask();
                props.onAddRecipient();
              }}
            >
              {t('orders.wizard.add_recipient')}
            </Button>
          </Group>
        )}
      </Block>

      <Block title={t('orders.blocks.delivery')}>
        {b2c ? (
          <>
            {carrierSelect}
            {carrier && (
              <Select
                label={t('orders.fields.service')}
                withAsterisk
                data={carrier.services.map((s) => ({ value: s.code, label: `${s.code} - ${s.name}` }))}
                w={{ base: '100%', sm: 320 }}
                {...form.getInputProps('serviceCode')}
              />
            )}
            {dateField('deliveryDate', t('orders.fields.delivery_date'))}
            {appointment}
          </>
        ) : (
          <>
            <Radio.Group
              label={t('orders.fields.pickup_managed_by')}
              value={String(v.pickupManagedByProduct)}
              onChange={(value) => props.onPickupManagement(value === '1' ? 1 : 0)}
            >
              <Group mt={4}>
                <Radio value="1" label={t('orders.pickup.provider')} />
                <Radio value="0" label={t('orders.pickup.client')} />
              </Group>
            </Radio.Group>
            {v.pickupManagedByProduct ? (
              dateField('deliveryDate', t('orders.fields.delivery_date'))
            ) : (
              <>
                <Radio.Group
                  label={t('orders.fields.shipping_label')}
                  withAsterisk
                  value={String(v.shippingLabelRequired)}
                  onChange={(value) => form.setFieldValue('shippingLabelRequired', value === '1' ? 1 : 0)}
                >
                  <Group mt={4}>
                    <Radio value="1" label={t('orders.shipping_label.required')} />
                    <Radio value="0" label={t('orders.shipping_label.none')} />
                  </Group>
                </Radio.Group>
                {dateField('pickupDate', t('orders.fields.pickup_date'), t('orders.wizard.pickup_date_hint'))}
              </>
            )}
            {appointment}
            {carrierSelect}
            {typeSelect}
          </>
        )}
      </Block>

      <Block title={t('orders.blocks.comments')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Textarea
            label={t('orders.fields.delivery_comment')}
            maxLength={ORDER_COMMENT_MAX}
            autosize
            minRows={2}
            {...form.getInputProps('deliveryComment')}
          />
          <Textarea
            label={t('orders.fields.preparation_comment')}
            maxLength={ORDER_COMMENT_MAX}
            autosize
            minRows={2}
            {...form.getInputProps('preparationComment')}
          />
        </SimpleGrid>
      </Block>
    </Stack>
  );
}
