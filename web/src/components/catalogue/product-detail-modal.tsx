/**
 * The read-only product detail (spec 2 §2, spec 3 §2): titled 'Article n° {code}', every field, the attributes
 * of its sub-family in form order with their labels in the current language. The product list and the stock
 * list open it; the superadmin also sees the account.
 */
import { isSuperadmin } from '@cellar/shared/access/roles';
import type { Product } from '@cellar/shared/products/schemas';
import { Center, Loader, Modal, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePrincipal } from '../../lib/auth';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { useFamilyAttributes } from '../../lib/reference-data';
import { attributeText } from './attribute-text';
import { useProduct } from './get-product';

const FLAGS = ['hasBatch', 'hasBbd', 'hasUbd', 'hidden', 'hasStock'] as const;
const TEXTS = ['eanUnit', 'eanParcel', 'eanPallet', 'comment'] as const;

function Detail({ product }: { product: Product }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const superadmin = isSuperadmin(usePrincipal());
  const attributes = useFamilyAttributes(product.familyId);
  const yesNo = (yes: boolean) => t(yes ? 'common.yes' : 'common.no');
  const ref = (r: { code: string; name: string } | null | undefined) => (r ? `${r.code} - ${r.name}` : '');

  const rows: [string, ReactNode][] = [
    ...(superadmin ? [[t('products.fields.account'), ref(product.owner)] as [string, ReactNode]] : []),
    [t('products.fields.code'), product.code],
    [t('products.fields.label'), product.label],
    [t('products.fields.warehouse'), ref(product.warehouse)],
    [t('products.fields.supplier'), ref(product.supplier)],
    [t('products.fields.family'), product.family?.parent.name ?? ''],
    [t('products.fields.sub_family'), product.family?.name ?? ''],
    ...(attributes.data ?? []).map((a): [string, ReactNode] => [
      a.label[language],
      attributeText(a, product.attributes[a.id], language, yesNo),
    ]),
    ...FLAGS.map((f): [string, ReactNode] => [t(`products.fields.${f}`), yesNo(product[f])]),
    ...TEXTS.map((f): [string, ReactNode] => [t(`products.fields.${f}`), product[f]]),
    [t('products.fields.created_at'), formatDateTime(product.createdAt, language)],
  ];

  return (
    <>
      {attributes.isPending && <Loader size="xs" aria-label={t('common.loading')} />}
      <Table withRowBorders verticalSpacing={4} aria-label={t('products.detail_title', { code: product.code })}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="40%" fw={500}>
                {label}
              </Table.Th>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {value || '—'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}

interface ProductDetailModalProps {
  /** The product shown; none closes the modal. */
  productId: string | null;
  /** Its code, for the title while the product loads. */
  code?: string;
  onClose: () => void;
}

export function ProductDetailModal({ productId, code, onClose }: ProductDetailModalProps) {
  const { t } = useTranslation();
  const product = useProduct(productId);
  const shownCode = product.data?.code ?? code ?? '';

  return (
    <Modal
      opened={productId !== null}
      onClose={onClose}
      title={t('products.detail_title', { code: shownCode })}
      size="lg"
    >
      {product.data ? (
        <Detail product={product.data} />
      ) : product.isError ? (
        <Text c="dimmed">{t('products.not_found')}</Text>
      ) : (
        <Center h={120}>
          <Loader aria-label={t('common.loading')} />
        </Center>
      )}
    </Modal>
  );
}
