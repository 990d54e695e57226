/**
 * A product row's icons: detail (everyone), then for writers edit, and hide (eye) or show (eye-off) after a
 * confirmation; hiding and showing save the whole product with `hidden` changed, then the list refreshes.
 */
import type { Product } from '@cellar/shared/products/schemas';
import { Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconEye, IconEyeOff, IconPencil, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { generatePath } from 'react-router';
import { RowIcon } from '../../../components/ui/row-icon';
import { paths } from '../../../config/paths';
import { useUpdateProduct } from '../api/update-product';
import { visibilityBody } from '../utils/product-values';

interface ProductRowActionsProps {
  product: Product;
  writer: boolean;
  onDetail: (product: Product) => void;
  onChanged: () => void;
}

export function ProductRowActions({ product, writer, onDetail, onChanged }: ProductRowActionsProps) {
  const { t } = useTranslation();
  const update = useUpdateProduct();
  const editLabel = `${t('common.edit')} ${product.code}`;

  const setHidden = (hidden: boolean) => {
    const action = t(hidden ? 'products.hide' : 'products.show');
    modals.openConfirmModal({
      title: action,
      children: (
        <Text size="sm">{t(hidden ? 'products.hide_confirm' : 'products.show_confirm', { code: product.code })}</Text>
      ),
      labels: { confirm: action, cancel: t('common.cancel') },
      confirmProps: { color: hidden ? 'orange' : 'green' },
      size: 'md',
      onConfirm: () =>
        update.mutate(
          {
            id: product.id,
            body: visibilityBody(product, hidden),
            messages: { update: t(hidden ? 'products.hidden_done' : 'products.shown_done', { code: product.code }) },
          },
          { onSuccess: onChanged },
        ),
    });
  };

  return (
    <Group gap={2} wrap="nowrap" h="100%">
      <RowIcon label={`${t('products.detail')} ${product.code}`} icon={IconSearch} onClick={() => onDetail(product)} />
      {writer && (
        <RowIcon
          label={editLabel}
          icon={IconPencil}
          to={generatePath(paths.products.modify.path, { productId: product.id })}
        />
      )}
      {writer &&
        (product.hidden ? (
          <RowIcon
            label={`${t('products.show')} ${product.code}`}
            icon={IconEyeOff}
            color="gray"
            onClick={() => setHidden(false)}
          />
        ) : (
          <RowIcon
            label={`${t('products.hide')} ${product.code}`}
            icon={IconEye}
            color="orange"
            onClick={() => setHidden(true)}
          />
        ))}
    </Group>
  );
}
