/**
 * The shipping order create form (spec 2 §2, §5, §8): three steps (detail; pickup; delivery), earlier steps open
 * once passed. Each step is checked with the shared rules before the next; the order in progress is kept in the
 * session after the first and second steps. The final submit checks all three (else 'form-validation.error' and no
 * call), creates the shipping order (status 001), clears the session and goes to the list.
 */
import { isSuperadmin } from '@cellar/shared/access/roles';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Stepper, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconArrowRight, IconSend } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { OwnerAccountField } from '../../../components/forms/owner-account-field';
import { QuantityInput } from '../../../components/forms/quantity-input';
import { paths } from '../../../config/paths';
import { usePrincipal, useUser } from '../../../lib/auth';
import { applyServerErrors, notifyInvalidForm } from '../../../lib/form';
import { selectedWarehouses } from '../../../lib/selected-warehouses';
import { useCreateShippingOrder } from '../api/save-shipping-order';
import { currentShippingOrder } from '../utils/current-shipping-order';
import { bodyOf, type ShippingOrderFormValues, stepErrors } from '../utils/form-values';
import { AddressStep } from './address-step';
import { useOwner } from './use-owner';

interface ShippingOrderFormProps {
  initialValues: ShippingOrderFormValues;
  initialStep: number;
}

export function ShippingOrderForm({ initialValues, initialStep }: ShippingOrderFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const superadmin = isSuperadmin(usePrincipal());
  const userId = useUser().id;
  const create = useCreateShippingOrder();
  const form = useForm<ShippingOrderFormValues>({ initialValues });
  const { values } = form;
  const owner = useOwner(values.ownerId);
  const [step, setStep] = useState(initialStep);
  const ownerKnown = !superadmin || Boolean(values.ownerId);

  // A single segment or warehouse is chosen for the user; else the warehouse they selected to work in.
  useEffect(() => {
    if (!form.values.segment && owner.segments.length === 1) form.setFieldValue('segment', owner.segments[0] ?? null);
    const warehouse =
      owner.warehouses.length === 1
        ? (owner.warehouses[0]?.id ?? null)
        : selectedWarehouses.only(userId, owner.warehouses);
    if (!form.values.warehouseId && warehouse) form.setFieldValue('warehouseId', warehouse);
  }, [owner.segments, owner.warehouses, form, userId]);

  /** Checks steps; shows their errors (and the warning) and says whether they passed. */
  const check = (steps: number[]) => {
    const errors = stepErrors(form.getValues(), steps, { superadmin, segments: owner.segments }, t);
    form.setErrors(errors);
    if (Object.keys(errors).length) notifyInvalidForm();
    return Object.keys(errors).length === 0;
  };

  const next = () => {
    if (!check([step])) return;
    currentShippingOrder.set({ values: form.getValues(), step });
    setStep(step + 1);
  };

  const goTo = (target: number) => {
    if (target < step) setStep(target);
    else if (target === step + 1) next();
  };

  const submit = async () => {
    if (!check([0, 1, 2])) return;
    try {
      await create.mutateAsync(bodyOf(form.getValues(), superadmin));
      currentShippingOrder.clear();
      navigate(paths.shippingOrders.list.path);
    } catch (error) {
      // The form stays as it is; the server's messages go on their fields.
      applyServerErrors(form, error);
    }
  };

  const nav = (last = false) => (
    <Group justify={step > 0 ? 'space-between' : 'flex-end'} mt="md">
      {step > 0 && (
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => setStep(step - 1)}>
          {t('shipping_orders.previous')}
        </Button>
      )}
      {last ? (
        <Button leftSection={<IconSend size={16} />} loading={create.isPending} onClick={() => void submit()}>
          {t('shipping_orders.submit')}
        </Button>
      ) : (
        <Button rightSection={<IconArrowRight size={16} />} onClick={next}>
          {t('shipping_orders.next')}
        </Button>
      )}
    </Group>
  );

  const count = (field: 'palletCount' | 'parcelCount' | 'unitCount', required: boolean) => (
    <QuantityInput
      label={t(`shipping_orders.fields.${field}`)}
      withAsterisk={required}
      min={1}
      {...form.getInputProps(field)}
    />
  );

  return (
    <Paper withBorder p={{ base: 'xs', sm: 'md' }}>
      <Stepper active={step} onStepClick={goTo} size="sm" aria-label={t('shipping_orders.steps_label')}>
        <Stepper.Step label={t('shipping_orders.steps.detail')}>
          <Stack gap="sm" maw={620} mt="md" role="form" aria-label={t('shipping_orders.steps.detail')}>
            {superadmin && (
              <OwnerAccountField
                label={t('shipping_orders.fields.account')}
                withAsterisk
                value={values.ownerId}
                error={form.errors.ownerId}
                onChange={(id) =>
                  form.setValues({ ownerId: id, segment: null, warehouseId: null, senderId: null, recipientId: null })
                }
              />
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t('shipping_orders.fields.warehouse')}
                withAsterisk
                data={owner.warehouses.map((w) => ({ value: w.id, label: `${w.code} - ${w.name}` }))}
                nothingFoundMessage={t('common.no_data')}
                {...form.getInputProps('warehouseId')}
              />
              <Select
                label={t('shipping_orders.fields.segment')}
                withAsterisk
                data={owner.segments.map((code) => ({ value: code, label: t(`segments.${code}`) }))}
                {...form.getInputProps('segment')}
              />
            </SimpleGrid>
            <TextInput
              label={t('shipping_orders.fields.reference')}
              withAsterisk
              maxLength={50}
              {...form.getInputProps('reference')}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {count('palletCount', true)}
              {count('parcelCount', false)}
              {count('unitCount', true)}
            </SimpleGrid>
            {nav()}
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('shipping_orders.steps.pickup')}>
          <AddressStep form={form} kind="pickup" ownerId={superadmin ? values.ownerId : null} ownerKnown={ownerKnown} />
          {nav()}
        </Stepper.Step>
        <Stepper.Step label={t('shipping_orders.steps.delivery')}>
          <AddressStep
            form={form}
            kind="delivery"
            ownerId={superadmin ? values.ownerId : null}
            ownerKnown={ownerKnown}
          />
          {nav(true)}
        </Stepper.Step>
      </Stepper>
    </Paper>
  );
}
