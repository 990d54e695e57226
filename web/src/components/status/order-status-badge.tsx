import { ORDER_STATUS } from '@cellar/shared/orders/status';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Order chips in the spec's colours (spec 1 §9): draft a lighter blue; transmitting, entry, in progress and
 * validated blue; sent green; cancelled red.
 */
const LOOKS: Record<string, { color: string; variant: 'light' | 'filled' }> = {
  '000': { color: 'blue', variant: 'light' },
  '005': { color: 'blue', variant: 'filled' },
  '010': { color: 'blue', variant: 'filled' },
  '020': { color: 'blue', variant: 'filled' },
  '030': { color: 'blue', variant: 'filled' },
  '040': { color: 'blue', variant: 'filled' },
  '050': { color: 'red', variant: 'filled' },
  '070': { color: 'green', variant: 'filled' },
};

export const orderStatusLabel = (code: string) => ORDER_STATUS.byCode(code)?.labelKey ?? code;

/** `draftOf`: the author of a draft that is not the reader's, named on its chip ('Brouillon de Jeanne Martin'). */
export function OrderStatusBadge({ code, draftOf }: { code: string; draftOf?: string | null }) {
  const { t } = useTranslation();
  const look = LOOKS[code] ?? { color: 'gray', variant: 'light' };
  return (
    <Badge color={look.color} variant={look.variant} radius="sm" data-status={code}>
      {code === '000' && draftOf ? t('orders.draft_of', { name: draftOf }) : t(orderStatusLabel(code))}
    </Badge>
  );
}
