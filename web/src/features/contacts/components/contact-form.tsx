/**
 * Create and edit form of a contact (spec 3 §2): account (superadmin, not carriers), warehouse (not carriers),
 * segment (recipients, required; carriers, optional), code (upper case, read-only when editing), the address
 * block, comment (not recipients), services (carriers, superadmin). Validation is the shared schema's.
 */
import { isSuperadmin } from '@cellar/shared/access/roles';
import { SEGMENT_CODES, type SegmentCode } from '@cellar/shared/common/schemas';
import {
  CONTACT_CODE_MAX,
  type Contact,
  type ContactType,
  contactCreateSchema,
  contactRequiredFor,
  contactTypeRules,
  contactUpdateFor,
} from '@cellar/shared/contacts/schemas';
import { Button, Divider, Group, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressFields } from '../../../components/forms/address-fields';
import { OwnerAccountField } from '../../../components/forms/owner-account-field';
import { usePrincipal, useUser } from '../../../lib/auth';
import { applyServerErrors, notifyInvalidForm, schemaResolver } from '../../../lib/form';
import { useOwnerAccounts } from '../../../lib/reference-data';
import {
  type ContactFormValues,
  contactValuesOf,
  newContactValues,
  toCreateBody,
  toUpdateBody,
} from './contact-form-values';
import { ServicesFields } from './services-fields';

interface ContactFormProps {
  type: ContactType;
  /** Edit mode when given. */
  contact?: Contact;
  submitting: boolean;
  onSubmit: (values: ContactFormValues) => Promise<unknown>;
  onCancel: () => void;
}

const onlyOne = <T,>(list: readonly T[]): T | null => (list.length === 1 ? (list[0] ?? null) : null);

export function ContactForm({ type, contact, submitting, onSubmit, onCancel }: ContactFormProps) {
  const { t } = useTranslation();
  const user = useUser();
  const superadmin = isSuperadmin(usePrincipal());
  const rules = contactTypeRules(type);
  const editing = contact !== undefined;
  const choosesOwner = superadmin && rules.hasOwner;
  const companies = useOwnerAccounts(choosesOwner);

  const validateCreate = useMemo(() => schemaResolver(contactCreateSchema), []);
  const validateUpdate = useMemo(() => schemaResolver(contactUpdateFor(type)), [type]);

  const userSegments = (user.company?.segments ?? []).map((s) => s.code);
  const form = useForm<ContactFormValues>({
    initialValues: contact
      ? contactValuesOf(contact)
      : newContactValues(type, {
          warehouseId: superadmin ? null : (onlyOne(user.warehouses ?? [])?.id ?? null),
          segment: rules.hasSegment && !superadmin ? onlyOne(userSegments) : null,
        }),
    validate: (values) => {
      const errors = editing ? validateUpdate(toUpdateBody(values)) : validateCreate(toCreateBody(values, superadmin));
      if (choosesOwner && !editing && !values.ownerId) errors.ownerId = t('validation.required');
      return errors;
    },
  });

  const { values } = form;
  const owner = superadmin ? companies.data?.find((c) => c.id === values.ownerId) : user.company;
  const warehouses =
    (superadmin ? owner?.warehouses : user.warehouses) ?? (contact?.warehouse ? [contact.warehouse] : []);
  const segments: readonly SegmentCode[] = rules.hasOwner ? (owner?.segments ?? []).map((s) => s.code) : SEGMENT_CODES;

  const chooseOwner = (ownerId: string | null) => {
    const company = companies.data?.find((c) => c.id === ownerId);
    form.setFieldValue('ownerId', ownerId);
    form.setFieldValue('warehouseId', onlyOne(company?.warehouses ?? [])?.id ?? null);
    if (rules.hasSegment) chooseSegment(onlyOne((company?.segments ?? []).map((s) => s.code)));
  };

  /** B2C puts the address in person mode; B2B or none in company mode. */
  const chooseSegment = (segment: SegmentCode | null) => {
    form.setFieldValue('segment', segment);
    form.setFieldValue('address.isCompany', !contactRequiredFor(segment));
  };

  const submit = (v: ContactFormValues) => onSubmit(v).catch((error: unknown) => applyServerErrors(form, error));

  return (
    <form onSubmit={form.onSubmit(submit, notifyInvalidForm)} noValidate aria-label={t(`contacts.${type}.form_label`)}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          {choosesOwner && (
            <OwnerAccountField
              label={t('contacts.fields.account')}
              fixed={editing ? { account: contact?.owner } : undefined}
              withAsterisk
              {...form.getInputProps('ownerId')}
              onChange={chooseOwner}
            />
          )}
          {rules.hasWarehouse && (
            <Select
              label={t('contacts.fields.warehouse')}
              withAsterisk
              data={warehouses.map((w) => ({ value: w.id, label: `${w.code} - ${w.name}` }))}
              nothingFoundMessage={t('common.no_data')}
              {...form.getInputProps('warehouseId')}
            />
          )}
          {rules.hasSegment && (
            <Select
              label={t('contacts.fields.segment')}
              withAsterisk={rules.segmentRequired}
              clearable={!rules.segmentRequired}
              data={segments.map((code) => ({ value: code, label: code }))}
              nothingFoundMessage={t('common.no_data')}
              {...form.getInputProps('segment')}
              onChange={(v) => chooseSegment(v as SegmentCode | null)}
            />
          )}
          <TextInput
            label={t('contacts.fields.code')}
            withAsterisk={!editing}
            maxLength={CONTACT_CODE_MAX}
            readOnly={editing}
            variant={editing ? 'filled' : 'default'}
            {...form.getInputProps('code')}
            onChange={(e) => form.setFieldValue('code', e.currentTarget.value.toUpperCase())}
          />
        </SimpleGrid>

        <Divider label={t('address.title')} labelPosition="left" />
        <AddressFields form={form} contactRequired={contactRequiredFor(values.segment)} withExcise={rules.hasExcise} />

        {rules.hasComment && (
          <Textarea
            label={t('contacts.fields.comment')}
            autosize
            minRows={2}
            maxLength={255}
            {...form.getInputProps('comment')}
          />
        )}

        {rules.hasServices && superadmin && (
          <>
            <Title order={5}>{t('contacts.services.title')}</Title>
            <ServicesFields form={form} />
          </>
        )}

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
