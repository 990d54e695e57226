/** A shipping order row's icons (spec 2 §2): the magnifier to the detail, the pencil to the status modal (writers). */
import { isWritter, type Principal } from '@cellar/shared/access/roles';
import type { ShippingOrder } from '@cellar/shared/shippingOrders/schemas';
import { Group } from '@mantine/core';
import { IconPencil, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RowIcon } from '../../../components/ui/row-icon';
import { shippingOrderDetailPath } from '../../../config/paths';

/** Width of the actions column: one icon slot per action the principal may see. */
export const rowActionsWidth = (p: Principal) => 16 + 28 * (1 + (isWritter(p) ? 1 : 0));

interface ShippingOrderRowActionsProps {
  shippingOrder: ShippingOrder;
  principal: Principal;
  onStatus: (o: ShippingOrder) => void;
}

export function ShippingOrderRowActions({ shippingOrder, principal, onStatus }: ShippingOrderRowActionsProps) {
  const { t } = useTranslation();
  const name = shippingOrder.reference;
  return (
    <Group gap={2} wrap="nowrap" h="100%">
      <RowIcon
        label={t('shipping_orders.view')}
        name={name}
        icon={IconSearch}
        to={shippingOrderDetailPath(shippingOrder.id)}
      />
      {isWritter(principal) && (
        <RowIcon
          label={t('shipping_orders.change_status')}
          name={name}
          icon={IconPencil}
          onClick={() => onStatus(shippingOrder)}
        />
      )}
    </Group>
  );
}
