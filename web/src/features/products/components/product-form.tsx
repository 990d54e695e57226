/**
 * The product create and edit form (spec 3 §2, §4, §5): account (superadmin), warehouse (required when more than
 * one is available), supplier (top agents), code and label; family then sub-family; the sub-family's attributes
 * revealed one by one (utils/wizard.ts over the shared rules); after 'continue', the switches, EAN codes, comment
 * and submit. Editing starts at that last step. An invalid form warns 'The form is incorrect' and calls nothing.
 */

import { isSuperadmin } from '@cellar/shared/access/roles';
import { type Product, productInputSchema } from '@cellar/shared/products/schemas';
import {
  ATTRIBUTE_MESSAGES,
  type AttributeValue,
  validateAttributes,
  visibleAttributes,
} from '@cellar/shared/referential/attributes';
import type { Warehouse } from '@cellar/shared/warehouses/schemas';
import {
  Button,
  Center,
  Divider,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OwnerAccountField } from '../../../components/forms/owner-account-field';
import { usePrincipal, useUser } from '../../../lib/auth';
import { applyServerErrors, schemaResolver } from '../../../lib/form';
import { currentLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notifications';
import {
  familyAttributesQueryOptions,
  useFamilyAttributes,
  useOwnerAccounts,
  useProductFamilies,
} from '../../../lib/reference-data';
import { selectedWarehouses } from '../../../lib/selected-warehouses';
import { useSuppliers } from '../api/get-suppliers';
import {
  newProductValues,
  type ProductBody,
  type ProductFormValues,
  productBody,
  productValuesOf,
} from '../utils/product-values';
import { canContinue, changeAttribute, startValues, wizardStep } from '../utils/wizard';
import { AttributeField } from './attribute-field';

const CODE_MAX = 32;
const EAN_MAX = 14;
const SWITCHES = ['hasBatch', 'hasBbd', 'hasUbd', 'hidden'] as const;
const EANS = ['eanUnit', 'eanParcel', 'eanPallet'] as const;

/**
 * The only warehouse available, else the one selected where the form was opened, else the one the user selected
 * to work in (lib/selected-warehouses.ts), else none.
 */
const defaultWarehouse = (available: readonly Warehouse[], selected: string | null | undefined, userId: string) =>
  available.length === 1
    ? (available[0]?.id ?? null)
    : (available.find((w) => w.id === selected)?.id ?? selectedWarehouses.only(userId, available));

interface ProductFormProps {
  /** Edit mode when given. */
  product?: Product;
  /** The warehouse selected where the form was opened (?warehouse_id=). */
  selectedWarehouseId?: string | null;
  submitting: boolean;
  onSubmit: (body: ProductBody) => Promise<unknown>;
  onCancel: () => void;
}

export function ProductForm({ product, selectedWarehouseId, submitting, onSubmit, onCancel }: ProductFormProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const user = useUser();
  const superadmin = isSuperadmin(usePrincipal());
  const editing = product !== undefined;
  const queryClient = useQueryClient();
  const companies = useOwnerAccounts(superadmin);
  const families = useProductFamilies();
  const [continued, setContinued] = useState(false);

  const validateRef = useRef<(values: ProductFormValues) => FormErrors>(() => ({}));
  const form = useForm<ProductFormValues>({
    initialValues: product
      ? productValuesOf(product)
      : newProductValues({
          ownerId: null,
          warehouseId: superadmin ? null : defaultWarehouse(user.warehouses ?? [], selectedWarehouseId, user.id),
        }),
    validate: (values) => validateRef.current(values),
  });
  const { values } = form;

  const owner = superadmin ? companies.data?.find((c) => c.id === values.ownerId) : user.company;
  const warehouses =
    (superadmin ? owner?.warehouses : user.warehouses) ?? (product?.warehouse ? [product.warehouse] : []);
  const warehouseRequired = warehouses.length > 1;
  const supplierRequired = Boolean(owner?.isTopAgent);
  const suppliers = useSuppliers(owner?.id, supplierRequired);
  const attributesQuery = useFamilyAttributes(values.familyId);
  const attributes = values.familyId ? attributesQuery.data : undefined;
  const step = wizardStep({ editing, familyId: values.familyId, attributes, continued });
  const subFamilies = families.data?.find((f) => f.id === values.parentFamilyId)?.families ?? [];

  const attributeErrors = (v: ProductFormValues): FormErrors =>
    Object.fromEntries(
      Object.entries(validateAttributes(attributes ?? [], v.attributes)).map(([id, key]) => [
        `attributes.${id}`,
        t(key),
      ]),
    );

  const resolveSchema = useMemo(() => schemaResolver(productInputSchema), []);
  validateRef.current = (v) => {
    const errors: FormErrors = { ...resolveSchema(productBody(v, superadmin)), ...attributeErrors(v) };
    const required = t('validation.required');
    if (superadmin && !editing && !v.ownerId) errors.ownerId = required;
    if (warehouseRequired && !v.warehouseId) errors.warehouseId = required;
    if (supplierRequired && !v.supplierId) errors.supplierId = required;
    if (!v.parentFamilyId) errors.parentFamilyId = required;
    return errors;
  };

  const chooseOwner = (ownerId: string | null) => {
    const company = companies.data?.find((c) => c.id === ownerId);
    form.setValues({
      ownerId,
      warehouseId: defaultWarehouse(company?.warehouses ?? [], selectedWarehouseId, user.id),
      supplierId: null,
    });
  };

  const chooseFamily = (parentFamilyId: string | null) => {
    // The family already chosen, chosen again: its sub-family and attributes stay.
    if (parentFamilyId === form.getValues().parentFamilyId) return;
    form.setValues({ parentFamilyId, familyId: null });
    setContinued(false);
  };

  /** A new sub-family starts from its defaults, keeping the values it shares, once its attributes are known. */
  const chooseSubFamily = (familyId: string | null) => {
    if (familyId === form.getValues().familyId) return;
    form.setFieldValue('familyId', familyId);
    setContinued(false);
    if (!familyId) return;
    queryClient
      .fetchQuery(familyAttributesQueryOptions(familyId))
      .then((list) => {
        // Another choice made meanwhile wins.
        if (form.getValues().familyId !== familyId) return;
        form.setFieldValue('attributes', startValues(list, familyId, form.getValues().attributes));
      })
      .catch(() => undefined);
  };

  const chooseAttribute = (id: string, value: AttributeValue) => {
    if (!attributes) return;
    form.setFieldValue('attributes', changeAttribute(attributes, form.getValues().attributes, id, value));
    form.clearFieldError(`attributes.${id}`);
  };

  const goOn = () => {
    if (!attributes) return;
    if (canContinue(attributes, values.attributes)) setContinued(true);
    else form.setErrors({ ...form.errors, ...attributeErrors(values) });
  };

  const submit = (v: ProductFormValues) =>
    onSubmit(productBody(v, superadmin && !editing)).catch((error: unknown) => applyServerErrors(form, error));
  const invalid = () => notify('warning', t(ATTRIBUTE_MESSAGES.invalidForm));

  const cancel = (
    <Button variant="default" onClick={onCancel}>
      {t('common.cancel')}
    </Button>
  );

  return (
    <form onSubmit={form.onSubmit(submit, invalid)} noValidate aria-label={t('products.form_label')}>
      <Stack gap="md">
        <Stepper active={step} size="xs" allowNextStepsSelect={false}>
          <Stepper.Step label={t('products.steps.family')} />
          <Stepper.Step label={t('products.steps.attributes')} />
          <Stepper.Step label={t('products.steps.details')} />
        </Stepper>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          {superadmin && (
            <OwnerAccountField
              label={t('products.fields.account')}
              fixed={editing ? { account: product.owner } : undefined}
              withAsterisk
              {...form.getInputProps('ownerId')}
              onChange={chooseOwner}
            />
          )}
          <Select
            label={t('products.fields.warehouse')}
            withAsterisk={warehouseRequired}
            clearable={!warehouseRequired}
            data={warehouses.map((w) => ({ value: w.id, label: `${w.code} - ${w.name}` }))}
            nothingFoundMessage={t('common.no_data')}
            {...form.getInputProps('warehouseId')}
          />
          {supplierRequired && (
            <Select
              label={t('products.fields.supplier')}
              withAsterisk
              searchable
              data={(suppliers.data ?? []).map((s) => ({ value: s.id, label: `${s.code} - ${s.displayName}` }))}
              nothingFoundMessage={t('common.no_data')}
              {...form.getInputProps('supplierId')}
            />
          )}
          <TextInput
            label={t('products.fields.code')}
            withAsterisk={!editing}
            maxLength={CODE_MAX}
            readOnly={editing}
            variant={editing ? 'filled' : 'default'}
            {...form.getInputProps('code')}
            onChange={(e) => form.setFieldValue('code', e.currentTarget.value.toUpperCase())}
          />
          <TextInput label={t('products.fields.label')} withAsterisk maxLength={150} {...form.getInputProps('label')} />
        </SimpleGrid>

        <Divider label={t('products.sections.family')} labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          <Select
            label={t('products.fields.family')}
            withAsterisk
            data={(families.data ?? []).map((f) => ({ value: f.id, label: f.name }))}
            nothingFoundMessage={t('common.no_data')}
            {...form.getInputProps('parentFamilyId')}
            onChange={chooseFamily}
            // Choosing the family again keeps it (and what follows it), as a second click must not clear it.
            allowDeselect={false}
          />
          <Select
            label={t('products.fields.sub_family')}
            withAsterisk
            disabled={!values.parentFamilyId}
            data={subFamilies.map((f) => ({ value: f.id, label: f.name }))}
            nothingFoundMessage={t('common.no_data')}
            {...form.getInputProps('familyId')}
            onChange={chooseSubFamily}
            allowDeselect={false}
          />
        </SimpleGrid>

        {values.familyId && !attributes && (
          <Center>
            <Loader size="sm" aria-label={t('common.loading')} />
          </Center>
        )}
        {attributes && attributes.length > 0 && (
          <>
            <Divider label={t('products.sections.attributes')} labelPosition="left" />
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" verticalSpacing="xs" data-testid="attributes">
              {visibleAttributes(attributes, values.attributes).map((a) => (
                <AttributeField
                  key={a.id}
                  attribute={a}
                  values={values.attributes}
                  language={language}
                  error={form.errors[`attributes.${a.id}`] as string | undefined}
                  onChange={(v) => chooseAttribute(a.id, v)}
                />
              ))}
            </SimpleGrid>
          </>
        )}

        {step === 1 && (
          <Group justify="flex-end">
            {cancel}
            <Button onClick={goOn} disabled={!attributes}>
              {t('products.continue')}
            </Button>
          </Group>
        )}

        {step === 2 && (
          <>
            <Divider label={t('products.sections.details')} labelPosition="left" />
            <Group gap="xl">
              {SWITCHES.map((f) => (
                <Switch key={f} label={t(`products.fields.${f}`)} {...form.getInputProps(f, { type: 'checkbox' })} />
              ))}
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs">
              {EANS.map((f) => (
                <TextInput key={f} label={t(`products.fields.${f}`)} maxLength={EAN_MAX} {...form.getInputProps(f)} />
              ))}
            </SimpleGrid>
            <Textarea
              label={t('products.fields.comment')}
              autosize
              minRows={2}
              maxLength={255}
              {...form.getInputProps('comment')}
            />
            <Group justify="flex-end">
              {cancel}
              <Button type="submit" loading={submitting}>
                {t(editing ? 'common.save' : 'common.create')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </form>
  );
}
