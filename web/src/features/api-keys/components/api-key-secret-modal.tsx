/**
 * A key's secret, shown once after it is made or rotated: the key in a read-only field to copy, a warning that it
 * will not be shown again, until when a rotated key's old secret still works (when kept), and a call using it. The
 * dialog closes only on "I have copied the key".
 */
import type { ApiKeyWithSecret } from '@cellar/shared/apiKeys/schemas';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';

/** A call with the key, to the API of the origin the page is served from. */
export const curlExample = (key: string, origin = window.location.origin) =>
  `curl -H "Authorization: Bearer ${key}" ${origin}/api/products`;

/** Copies a value; says so for two seconds. */
function Copy({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Button size="compact-sm" variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
          <span aria-live="polite">{copied ? t('api_keys.secret.copied') : label}</span>
        </Button>
      )}
    </CopyButton>
  );
}

export function ApiKeySecretModal({ made, onDone }: { made: ApiKeyWithSecret | null; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const example = made ? curlExample(made.key) : '';
  return (
    <Modal
      opened={made !== null}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={t('api_keys.secret.title')}
      size="lg"
    >
      {made && (
        <Stack>
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
            {t('api_keys.secret.warning')}
          </Alert>
          <TextInput
            label={t('api_keys.secret.key')}
            description={made.name}
            value={made.key}
            readOnly
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            data-testid="api-key-secret"
            data-autofocus
            onFocus={(e) => e.currentTarget.select()}
          />
          <Group justify="flex-end" mt={-8}>
            <Copy value={made.key} label={t('api_keys.secret.copy')} />
          </Group>
          {made.previousValidUntil && (
            <Text size="sm" data-testid="api-key-previous-until">
              {t('api_keys.rotate.previous_until', { until: formatDateTime(made.previousValidUntil, i18n.language) })}
            </Text>
          )}
          <div>
            <Group justify="space-between" gap="xs" mb={4}>
              <Text size="sm" fw={500}>
                {t('api_keys.secret.example')}
              </Text>
              <Copy value={example} label={t('api_keys.secret.copy_example')} />
            </Group>
            <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              {example}
            </Code>
          </div>
          <Group justify="flex-end">
            <Button onClick={onDone}>{t('api_keys.secret.done')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
