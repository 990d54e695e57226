/**
 * A new key: its name, read or read-and-write, its modules (among those one may give), and for the provider's
 * staff its company. Checked with the shared schema before it is sent; the server's 422 lands on the fields, or
 * above them when it concerns the company's keys as a whole (at most 20 active).
 */
import { isSuperadmin, type ScopeGrant } from '@cellar/shared/access/roles';
import { type ApiKeyRole, type ApiKeyWithSecret, apiKeyCreateSchema } from '@cellar/shared/apiKeys/schemas';
import { Alert, Button, Group, Input, Modal, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModuleSelect } from '../../../components/forms/module-select';
import { OwnerAccountField } from '../../../components/forms/owner-account-field';
import { ApiError } from '../../../lib/api-client';
import { usePrincipal } from '../../../lib/auth';
import { applyServerErrors, notifyInvalidForm, schemaResolver } from '../../../lib/form';
import { i18n } from '../../../lib/i18n';
import { useCreateApiKey } from '../api/api-keys';

interface ApiKeyValues {
  name: string;
  role: ApiKeyRole;
  scope: string[];
  companyId: string | null;
}

const INITIAL: ApiKeyValues = { name: '', role: 'reader', scope: [], companyId: null };

const bodyOf = (v: ApiKeyValues) => ({
  name: v.name.trim(),
  role: v.role,
  scope: v.scope as ScopeGrant[],
  ...(v.companyId ? { companyId: v.companyId } : {}),
});

interface ApiKeyCreateModalProps {
  opened: boolean;
  onClose: () => void;
  onCreated: (made: ApiKeyWithSecret) => void;
}

function ApiKeyCreateForm({ onClose, onCreated }: Omit<ApiKeyCreateModalProps, 'opened'>) {
  const { t } = useTranslation();
  const superadmin = isSuperadmin(usePrincipal());
  const create = useCreateApiKey();
  const [formError, setFormError] = useState<string | null>(null);
  const validate = useMemo(() => schemaResolver(apiKeyCreateSchema), []);
  const form = useForm<ApiKeyValues>({
    initialValues: INITIAL,
    validate: (values) => ({
      ...validate(bodyOf(values)),
      // The provider's staff name the client the key is for (the server says the same).
      ...(superadmin && !values.companyId ? { companyId: i18n.t('api.api_key_company_required') } : {}),
    }),
  });

  const submit = (values: ApiKeyValues) => {
    setFormError(null);
    create.mutate(bodyOf(values), {
      onSuccess: onCreated,
      onError: (error) => {
        if (!applyServerErrors(form, error) && error instanceof ApiError && error.status === 422) {
          setFormError(error.body?.message ?? error.message);
        }
      },
    });
  };

  return (
    <form onSubmit={form.onSubmit(submit, notifyInvalidForm)} noValidate aria-label={t('api_keys.form.title')}>
      <Stack>
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <TextInput
          label={t('api_keys.form.name')}
          description={t('api_keys.form.name_help')}
          withAsterisk
          data-autofocus
          {...form.getInputProps('name')}
        />
        {superadmin && (
          <OwnerAccountField
            label={t('api_keys.form.company')}
            withAsterisk
            value={form.values.companyId}
            error={form.errors.companyId}
            onChange={(id) => form.setFieldValue('companyId', id)}
          />
        )}
        {/* Two radios as one control (the language switch's, already loaded: no chunk of its own). */}
        <Input.Wrapper
          label={t('api_keys.form.access')}
          labelElement="div"
          id="api-key-access"
          withAsterisk
          error={form.errors.role}
        >
          <SegmentedControl
            aria-labelledby="api-key-access-label"
            fullWidth
            data={[
              { value: 'reader', label: t('api_keys.roles.reader') },
              { value: 'user', label: t('api_keys.roles.user') },
            ]}
            value={form.values.role}
            onChange={(role) => form.setFieldValue('role', role as ApiKeyRole)}
          />
        </Input.Wrapper>
        <ModuleSelect label={t('api_keys.form.modules')} withAsterisk {...form.getInputProps('scope')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('api_keys.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function ApiKeyCreateModal({ opened, onClose, onCreated }: ApiKeyCreateModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('api_keys.form.title')}>
      {opened && <ApiKeyCreateForm onClose={onClose} onCreated={onCreated} />}
    </Modal>
  );
}
