/**
 * The row icons of a document list (orders, receptions; spec 2 §2, §6, spec 3 §2, §6): view unless its status
 * hides it, modify and delete for writers while the status allows (delete after a confirmation), and the status
 * page for users with the update-status right. What the status allows is the document's own rules. A document
 * may add its own icons (an order's cancellation) before the delete, and word its delete as what it is (a
 * reception announced to the warehouse is cancelled, and the warehouse told).
 */
import { canUpdateStatus, isWritter, type Principal } from '@cellar/shared/access/roles';
import { Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type Icon, IconEye, IconPencil, IconProgressCheck, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notifications';
import { RowIcon } from '../ui/row-icon';

/**
 * Width of the actions column: view, the writer's modify and delete, and the status page when allowed, and the
 * `writerExtras` icons a document adds for writers.
 */
export const documentActionsWidth = (p: Principal, writerExtras = 0) =>
  16 + 28 * (1 + (isWritter(p) ? 2 + writerExtras : 0) + (canUpdateStatus(p) ? 1 : 0));

export interface DocumentRowTexts {
  view: string;
  changeStatus: string;
  deleteTitle: string;
  deleteConfirm: string;
  deleted: string;
  /** The delete icon's name and the confirm button, when it is not 'Supprimer' (a cancellation). */
  deleteLabel?: string;
  /** The button that closes the confirmation, when 'Annuler' would be misread (a cancellation). */
  deleteKeep?: string;
}

interface DocumentRowActionsProps {
  /** The document's reference (or its placeholder), naming each icon. */
  name: string;
  principal: Principal;
  /** What the document's status allows. */
  allows: { view: boolean; modify: boolean; delete: boolean };
  paths: { detail: string; modify: string; status: string };
  texts: DocumentRowTexts;
  deleting: boolean;
  /** The delete icon, when it is not a bin (a cancellation). */
  deleteIcon?: Icon;
  /** The document's own icons, before the delete. */
  extra?: ReactNode;
  /** Deletes the document (its failure is reported by the API client). */
  onDelete: () => Promise<unknown>;
  onDeleted: () => void;
}

export function DocumentRowActions(props: DocumentRowActionsProps) {
  const { name, principal, allows, paths, texts } = props;
  const { t } = useTranslation();
  const writer = isWritter(principal);
  const deleteLabel = texts.deleteLabel ?? t('common.delete');

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: texts.deleteTitle,
      children: <Text size="sm">{texts.deleteConfirm}</Text>,
      labels: { confirm: deleteLabel, cancel: texts.deleteKeep ?? t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        props
          .onDelete()
          .then(() => {
            notify('success', texts.deleted);
            props.onDeleted();
          })
          .catch(() => undefined),
    });

  return (
    <Group gap={2} wrap="nowrap" h="100%">
      {allows.view && <RowIcon label={texts.view} name={name} icon={IconEye} to={paths.detail} />}
      {writer && allows.modify && <RowIcon label={t('common.edit')} name={name} icon={IconPencil} to={paths.modify} />}
      {canUpdateStatus(principal) && (
        <RowIcon label={texts.changeStatus} name={name} icon={IconProgressCheck} to={paths.status} />
      )}
      {props.extra}
      {writer && allows.delete && (
        <RowIcon
          label={deleteLabel}
          name={name}
          icon={props.deleteIcon ?? IconTrash}
          color="red"
          loading={props.deleting}
          onClick={confirmDelete}
        />
      )}
    </Group>
  );
}
