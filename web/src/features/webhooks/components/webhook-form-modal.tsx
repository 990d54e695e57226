/**
 * The create and edit form of an endpoint: its address (the shared `webhookUrl` rule; on a stage the server also
 * asks HTTPS, its 422 shown on the field), the events it receives (at least one), a label; the provider's staff
 * name the company when creating; an edit may also pause or resume it.
 */
import { isSuperadmin } from '@cellar/shared/access/roles';
import {
  WEBHOOK_EVENTS,
  type Webhook,
  type WebhookEvent,
  webhookCreateSchema,
  webhookUpdateSchema,
} from '@cellar/shared/webhooks/schemas';
import { Button, Checkbox, Group, Modal, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { OwnerAccountField } from '../../../components/forms/owner-account-field';
import { usePrincipal } from '../../../lib/auth';
import { applyServerErrors, notifyInvalidForm, schemaResolver } from '../../../lib/form';
import { useCreateWebhook, useUpdateWebhook } from '../api/webhooks';
import { eventLabel } from './event-label';

export interface WebhookFormValues {
  url: string;
  events: WebhookEvent[];
  description: string;
  active: boolean;
  companyId: string | null;
}

const valuesOf = (w: Webhook | null, companyId: string | null): WebhookFormValues =>
  w
    ? { url: w.url, events: w.events, description: w.description, active: w.active, companyId: w.companyId }
    : { url: '', events: [], description: '', active: true, companyId };

/** The body a create sends: the company only when the provider's staff name it, no empty label. */
export const createBody = (v: WebhookFormValues, superadmin: boolean) => ({
  url: v.url.trim(),
  events: v.events,
  ...(v.description.trim() ? { description: v.description.trim() } : {}),
  ...(superadmin && v.companyId ? { companyId: v.companyId } : {}),
});

const updateBody = (v: WebhookFormValues) => ({
  url: v.url.trim(),
  events: v.events,
  description: v.description.trim(),
  active: v.active,
});

interface FormProps {
  /** The endpoint edited; null creates one. */
  webhook: Webhook | null;
  /** The company a superadmin's new endpoint starts with (the page's filter). */
  companyId: string | null;
  onClose: () => void;
  onCreated: (created: Webhook & { secret: string }) => void;
}

function WebhookForm({ webhook, companyId, onClose, onCreated }: FormProps) {
  const { t } = useTranslation();
  const superadmin = isSuperadmin(usePrincipal());
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const editing = webhook !== null;
  const validate = useMemo(
    () =>
      editing
        ? schemaResolver<WebhookFormValues>(webhookUpdateSchema)
        : schemaResolver<WebhookFormValues>(webhookCreateSchema),
    [editing],
  );
  const form = useForm<WebhookFormValues>({
    initialValues: valuesOf(webhook, companyId),
    validate: (values) => {
      const errors = validate((editing ? updateBody(values) : createBody(values, superadmin)) as never);
      if (!editing && superadmin && !values.companyId) errors.companyId = t('validation.required');
      return errors;
    },
  });

  const submit = (values: WebhookFormValues) => {
    const onError = (error: unknown) => applyServerErrors(form, error);
    if (webhook) {
      update.mutate({ id: webhook.id, body: updateBody(values) }, { onSuccess: onClose, onError });
    } else {
      create.mutate(createBody(values, superadmin), { onSuccess: onCreated, onError });
    }
  };

  return (
    <form
      onSubmit={form.onSubmit(submit, notifyInvalidForm)}
      noValidate
      aria-label={t(editing ? 'webhooks.form.edit_title' : 'webhooks.form.create_title')}
    >
      <Stack gap="sm">
        {superadmin && !editing && (
          <OwnerAccountField
            label={t('webhooks.form.company')}
            required
            {...form.getInputProps('companyId')}
            onChange={(id) => form.setFieldValue('companyId', id)}
          />
        )}
        <TextInput
          label={t('webhooks.form.url')}
          description={t('webhooks.form.url_help')}
          placeholder="https://"
          type="url"
          required
          data-autofocus
          {...form.getInputProps('url')}
        />
        <Checkbox.Group
          label={t('webhooks.form.events')}
          description={t('webhooks.form.events_help')}
          required
          {...form.getInputProps('events')}
        >
          <Stack gap={6} mt={6}>
            {WEBHOOK_EVENTS.map((event) => (
              <Checkbox key={event} value={event} label={eventLabel(t, event)} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Textarea
          label={t('webhooks.form.description')}
          rows={2}
          maxLength={200}
          {...form.getInputProps('description')}
        />
        {editing && (
          <Switch label={t('webhooks.form.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {editing ? t('common.save') : t('webhooks.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface WebhookFormModalProps extends Omit<FormProps, 'webhook'> {
  /** Closed: null; creating: 'new'; editing: the endpoint. */
  open: Webhook | 'new' | null;
}

export function WebhookFormModal({ open, ...props }: WebhookFormModalProps) {
  const { t } = useTranslation();
  const webhook = open === 'new' ? null : open;
  return (
    <Modal
      opened={open !== null}
      onClose={props.onClose}
      title={t(webhook ? 'webhooks.form.edit_title' : 'webhooks.form.create_title')}
      size="lg"
    >
      {open !== null && <WebhookForm key={webhook?.id ?? 'new'} webhook={webhook} {...props} />}
    </Modal>
  );
}
