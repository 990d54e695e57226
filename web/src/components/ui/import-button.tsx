import { Button } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The lists' 'Importer' button, leading to the list's CSV import screen. */
export function ImportButton({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Button component={Link} to={to} variant="default" leftSection={<IconFileImport size={16} />}>
      {t('imports.button')}
    </Button>
  );
}
