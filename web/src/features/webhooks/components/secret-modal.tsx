/**
 * An endpoint's signing secret, shown once (after its creation or a rotation): the server keeps no way to show it
 * again. It closes only by its button, once the person says they copied it; a note says how a receiver checks the
 * signature it makes.
 */
import { WEBHOOK_HEADERS } from '@cellar/shared/webhooks/schemas';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface ShownSecret {
  secret: string;
  url: string;
  rotated: boolean;
}

export function SecretModal({ shown, onDone }: { shown: ShownSecret | null; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={shown !== null}
      onClose={onDone}
      title={t(shown?.rotated ? 'webhooks.secret.title_rotated' : 'webhooks.secret.title_created')}
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      size="lg"
    >
      {shown && (
        <Stack gap="sm">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {shown.url}
          </Text>
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
            {t('webhooks.secret.warning')}
          </Alert>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('webhooks.secret.label')}
            </Text>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Code
                block
                data-testid="webhook-secret"
                style={{ flex: 1, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
              >
                {shown.secret}
              </Code>
              <CopyButton value={shown.secret}>
                {({ copied, copy }) => (
                  <Button
                    variant={copied ? 'light' : 'default'}
                    color={copied ? 'teal' : undefined}
                    leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    onClick={copy}
                  >
                    {copied ? t('webhooks.secret.copied') : t('webhooks.secret.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
          <Stack gap={4}>
            <Title order={3} size="h5">
              {t('webhooks.secret.verify_title')}
            </Title>
            <Text size="sm">{t('webhooks.secret.verify')}</Text>
            <Code
              block
            >{`${WEBHOOK_HEADERS.signature}: t=1767225600,v1=5257a869…\nv1 = hex(HMAC-SHA256(secret, "<t>.<body>"))`}</Code>
          </Stack>
          <Group justify="flex-end">
            <Button onClick={onDone}>{t('webhooks.secret.done')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
