import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { MAIN_CONTENT_ID } from '../ui/skip-link';

/** The local error boundary of a route: what went wrong, and a way back. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : '';
  return (
    <Center h="60vh" component="main" id={MAIN_CONTENT_ID} tabIndex={-1}>
      <Stack align="center">
        <Title order={2}>{t('errors.unexpected_title')}</Title>
        {detail && <Text c="dimmed">{detail}</Text>}
        <Button onClick={() => window.location.assign('/dashboard')}>{t('errors.back_home')}</Button>
      </Stack>
    </Center>
  );
}
