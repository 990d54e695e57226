/**
 * A reception row's icons (spec 3 §2, §4, §6): modify while draft or created, view unless draft, the status page
 * for users with the update-status right, and delete while deletable (any status for the superadmin). A reception
 * announced to the warehouse (001) is cancelled rather than deleted, by any writer: the icon and its confirmation
 * say so, and that the warehouse will be told.
 */
import type { Principal } from '@cellar/shared/access/roles';
import type { Reception } from '@cellar/shared/receptions/schemas';
import { receptionRules } from '@cellar/shared/receptions/status';
import { IconBan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DocumentRowActions } from '../../../components/documents/document-row-actions';
import { receptionPath } from '../../../config/paths';
import { useDeleteReception } from '../api/save-reception';

interface ReceptionRowActionsProps {
  reception: Reception;
  principal: Principal;
  onDeleted: (reception: Reception) => void;
}

export function ReceptionRowActions({ reception, principal, onDeleted }: ReceptionRowActionsProps) {
  const { t } = useTranslation();
  const remove = useDeleteReception();
  const name = reception.reference || t('receptions.no_reference');
  const cancelling = receptionRules.isCancellable(reception.statusCode);
  return (
    <DocumentRowActions
      name={name}
      principal={principal}
      allows={{
        view: receptionRules.isViewable(reception.statusCode),
        modify: receptionRules.isModifiable(reception.statusCode),
        delete: cancelling || receptionRules.isDeletable(reception.statusCode, principal),
      }}
      paths={{
        detail: receptionPath('detail', reception.id),
        modify: receptionPath('modify', reception.id),
        status: receptionPath('status', reception.id),
      }}
      texts={{
        view: t('receptions.view'),
        changeStatus: t('receptions.change_status'),
        ...(cancelling
          ? {
              deleteTitle: t('receptions.cancel.title'),
              deleteConfirm: t('receptions.cancel.confirm', { reference: name }),
              deleted: t('receptions.cancel.done', { reference: name }),
              deleteLabel: t('receptions.cancel.title'),
              deleteKeep: t('receptions.cancel.keep'),
            }
          : {
              deleteTitle: t('receptions.delete_title'),
              deleteConfirm: t('receptions.delete_confirm', { reference: name }),
              deleted: t('receptions.deleted', { reference: name }),
            }),
      }}
      deleteIcon={cancelling ? IconBan : undefined}
      deleting={remove.isPending}
      onDelete={() => remove.mutateAsync(reception.id)}
      onDeleted={() => onDeleted(reception)}
    />
  );
}
