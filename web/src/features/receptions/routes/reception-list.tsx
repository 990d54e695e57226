/**
 * /reception/list (alias /reception): the grid, the new-reception button for writers (offering to continue the
 * session's draft), and the row icons.
 */
import { isWritter } from '@cellar/shared/access/roles';
import type { Reception } from '@cellar/shared/receptions/schemas';
import { Button, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DataGridHandle } from '../../../components/data-grid/data-grid';
import { documentActionsWidth } from '../../../components/documents/document-row-actions';
import { DraftChoiceModal, productCount } from '../../../components/documents/draft-choice-modal';
import { paths, receptionCreatePath } from '../../../config/paths';
import { usePrincipal } from '../../../lib/auth';
import { queryClient } from '../../../lib/query-client';
import { receptionQueryOptions } from '../api/get-reception';
import { ReceptionRowActions } from '../components/reception-row-actions';
import { ReceptionsGrid } from '../components/receptions-grid';
import { currentReception } from '../utils/current-reception';

/** The session's reception if it is still a draft. */
async function sessionDraft(): Promise<Reception | null> {
  const id = currentReception.get();
  if (!id) return null;
  const reception = await queryClient.fetchQuery(receptionQueryOptions(id)).catch(() => null);
  if (reception?.statusCode === '000') return reception;
  currentReception.clear();
  return null;
}

export function ReceptionListRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const principal = usePrincipal();
  const grid = useRef<DataGridHandle>(null);
  const [draft, setDraft] = useState<Reception | null>(null);
  const [checking, setChecking] = useState(false);

  const rowActions = useCallback(
    (r: Reception) => (
      <ReceptionRowActions
        reception={r}
        principal={principal}
        onDeleted={(deleted) => {
          if (currentReception.get() === deleted.id) currentReception.clear();
          grid.current?.refresh();
        }}
      />
    ),
    [principal],
  );

  const startNew = () => {
    setChecking(true);
    sessionDraft()
      .then((found) => (found ? setDraft(found) : navigate(receptionCreatePath())))
      .finally(() => setChecking(false));
  };

  const addButton = isWritter(principal) && (
    <Button leftSection={<IconPlus size={16} />} onClick={startNew} loading={checking}>
      {t('receptions.add')}
    </Button>
  );

  return (
    <Stack>
      <Title order={2}>{t(paths.receptions.list.title)}</Title>
      <ReceptionsGrid
        ref={grid}
        principal={principal}
        rowActions={rowActions}
        rowActionsWidth={documentActionsWidth(principal)}
        actions={addButton}
      />
      <DraftChoiceModal
        opened={draft !== null}
        texts={{
          title: t('receptions.draft_modal.title'),
          text: t('receptions.draft_modal.text', {
            count: draft ? productCount(draft.stocks ?? []) : 0,
            reference: draft?.reference || '—',
          }),
          new: t('receptions.draft_modal.new'),
          continue: t('receptions.draft_modal.continue'),
        }}
        onClose={() => setDraft(null)}
        onNew={() => {
          currentReception.clear();
          navigate(receptionCreatePath());
        }}
        onContinue={() => draft && navigate(receptionCreatePath(draft.id))}
      />
    </Stack>
  );
}
