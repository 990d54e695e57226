/**
 * A read that failed, said in place of what it would have shown, with a retry: the grids' failed page and the
 * dashboard's failed figures say it the same way.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface LoadErrorProps {
  title: string;
  message: string;
  onRetry: () => void;
  retrying?: boolean;
}

export function LoadError({ title, message, onRetry, retrying = false }: LoadErrorProps) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={title} role="alert">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{message}</Text>
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconRefresh size={14} />}
          onClick={onRetry}
          loading={retrying}
        >
          {t('grid.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
