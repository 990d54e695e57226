import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center h="60vh">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}
