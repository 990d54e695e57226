import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A full-page status (403, 404) with a way back home; `title` and `text` come worded. */
export function ErrorPage({ code, title, text }: { code: string; title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <Center h="60vh">
      <Stack align="center" gap="xs" maw={640} ta="center">
        <Text fz={64} fw={800} c="gray.6" lh={1}>
          {code}
        </Text>
        <Title order={2}>{title}</Title>
        <Text c="dimmed">{text}</Text>
        <Button component={Link} to="/dashboard" mt="md">
          {t('errors.back_home')}
        </Button>
      </Stack>
    </Center>
  );
}
