/**
 * Create and edit form of a client account (spec 1 §2): code (upper case, read-only once created), name, the
 * address block with SIRET and excise numbers, warehouses, segments, the pooled-activity, top-agent and
 * certified-organic flags, modules (within the current user's) and active. Carriers are granted in the carrier
 * matrix (/company/carriers).
 */
import { SEGMENT_CODES } from '@cellar/shared/common/schemas';
import type { Company } from '@cellar/shared/companies/schemas';
import { Button, Checkbox, Divider, Group, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressFields } from '../../../components/forms/address-fields';
import { CompactMultiSelect } from '../../../components/forms/compact-multi-select';
import { ModuleSelect } from '../../../components/forms/module-select';
import { applyServerErrors, notifyInvalidForm, schemaResolver } from '../../../lib/form';
import { useWarehouses } from '../../../lib/reference-data';
import { useCarriers } from '../api/get-carriers';
import {
  type CompanyFormValues,
  companyFormSchema,
  companyValuesOf,
  newCompanyValues,
  toCompanyBody,
} from '../utils/company-form-values';

const FLAGS = ['isPooledActivity', 'isTopAgent', 'isCertifiedOrganic'] as const;

interface CompanyFormProps {
  /** Edit mode when given. */
  company?: Company;
  submitting: boolean;
  onSubmit: (body: ReturnType<typeof toCompanyBody>) => Promise<unknown>;
  onCancel: () => void;
}

export function CompanyForm({ company, submitting, onSubmit, onCancel }: CompanyFormProps) {
  const { t } = useTranslation();
  const warehouses = useWarehouses();
  const carriers = useCarriers();
  const editing = company !== undefined;
  const validate = useMemo(() => schemaResolver(companyFormSchema), []);
  const form = useForm<CompanyFormValues>({
    initialValues: company ? companyValuesOf(company) : newCompanyValues(),
    validate: (values) => validate(toCompanyBody(values)),
  });

  const submit = (values: CompanyFormValues) =>
    onSubmit(toCompanyBody(values)).catch((error: unknown) => applyServerErrors(form, error));

  return (
    <form onSubmit={form.onSubmit(submit, notifyInvalidForm)} noValidate aria-label={t('companies.form_label')}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          <TextInput
            label={t('companies.fields.code')}
            withAsterisk={!editing}
            maxLength={32}
            readOnly={editing}
            variant={editing ? 'filled' : 'default'}
            {...form.getInputProps('code')}
            onChange={(e) => form.setFieldValue('code', e.currentTarget.value.toUpperCase())}
          />
          <TextInput label={t('companies.fields.name')} withAsterisk maxLength={100} {...form.getInputProps('name')} />
          <CompactMultiSelect
            label={t('companies.fields.warehouses')}
            withAsterisk
            searchable
            data={(warehouses.data ?? []).map((w) => ({ value: w.id, label: `${w.code} - ${w.name}` }))}
            pillLabels={Object.fromEntries((warehouses.data ?? []).map((w) => [w.id, w.code]))}
            nothingFoundMessage={t('common.no_data')}
            {...form.getInputProps('warehouseIds')}
          />
          <Checkbox.Group label={t('companies.fields.segments')} withAsterisk {...form.getInputProps('segments')}>
            <Group mt={8}>
              {SEGMENT_CODES.map((code) => (
                <Checkbox key={code} value={code} label={t(`segments.${code}`)} />
              ))}
            </Group>
          </Checkbox.Group>
          <ModuleSelect {...form.getInputProps('scope')} style={{ gridColumn: '1 / -1' }} />
          <CompactMultiSelect
            label={t('companies.fields.carriers')}
            searchable
            data={(carriers.data ?? []).map((c) => ({ value: c.id, label: c.text }))}
            pillLabels={Object.fromEntries((carriers.data ?? []).map((c) => [c.id, c.code]))}
            nothingFoundMessage={t('common.no_data')}
            style={{ gridColumn: '1 / -1' }}
            {...form.getInputProps('carrierIds')}
          />
          <Group style={{ gridColumn: '1 / -1' }}>
            {FLAGS.map((flag) => (
              <Switch
                key={flag}
                label={t(`companies.fields.${flag}`)}
                {...form.getInputProps(flag, { type: 'checkbox' })}
              />
            ))}
            <Switch label={t('companies.fields.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
          </Group>
        </SimpleGrid>

        <Divider label={t('address.title')} labelPosition="left" />
        <AddressFields form={form} contactRequired={false} withExcise />

        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={submitting}>
            {t(editing ? 'common.save' : 'common.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
