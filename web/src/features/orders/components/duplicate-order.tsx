/**
 * The detail page's duplication (for writers): a new draft of the order's content and lines, without its reference
 * and dates, opened in the wizard to be completed and sent. Any order may be duplicated, a shipped one most of all.
 */
import { isSuperadmin, isWritter } from '@cellar/shared/access/roles';
import type { Order } from '@cellar/shared/orders/schemas';
import { Button } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { orderPath } from '../../../config/paths';
import { usePrincipal } from '../../../lib/auth';
import { useCreateOrder } from '../api/save-order';
import { duplicateBody } from '../utils/form-values';

export function DuplicateOrderButton({ order }: { order: Order }) {
  const { t } = useTranslation();
  const principal = usePrincipal();
  const create = useCreateOrder();
  const navigate = useNavigate();
  // One key per page: a second click while the first is on its way answers the same draft.
  const idempotencyKey = useRef(crypto.randomUUID());
  if (!isWritter(principal)) return null;
  const reference = order.reference || t('orders.no_reference');
  const duplicate = () =>
    create
      .mutateAsync({
        body: duplicateBody(order, isSuperadmin(principal)),
        idempotencyKey: idempotencyKey.current,
        messages: { success: t('orders.duplicate.done', { reference }) },
      })
      .then((draft) => navigate(orderPath('modify', draft.id)))
      .catch(() => undefined);
  return (
    <Button variant="light" leftSection={<IconCopy size={16} />} loading={create.isPending} onClick={duplicate}>
      {t('orders.duplicate.label')}
    </Button>
  );
}
