import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';

interface ImportCheckingProps {
  phase: 'reading' | 'checking';
  progress: { done: number; total: number };
  onCancel: () => void;
}

/**
 * While the import checker reads and checks the file in its worker: how far it is, and the way out. The page stays
 * usable meanwhile (the work is off its main thread).
 */
export function ImportChecking({ phase, progress, onCancel }: ImportCheckingProps) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => formatNumber(v, i18n.language);
  const percent = progress.total ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <Paper withBorder p="md" data-testid="import-checking" aria-busy>
      <Stack gap="sm">
        {/* Said once when the step changes, not at each step of the count. */}
        <Text role="status" aria-live="polite">
          {t(phase === 'reading' ? 'imports.reading' : 'imports.checking')}
        </Text>
        <Progress
          value={phase === 'reading' ? 100 : percent}
          animated={phase === 'reading'}
          aria-label={t('imports.checking_label')}
        />
        <Group justify="space-between">
          <Text size="sm" c="dimmed" data-testid="import-checked">
            {phase === 'checking'
              ? t('imports.checked', { count: progress.total, done: n(progress.done), total: n(progress.total) })
              : ''}
          </Text>
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
