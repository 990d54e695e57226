/** The edit modal of a client account: the create form, the code read-only; saving refreshes the list. */
import { Center, Loader, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCompanyDetail } from '../api/get-company';
import { useUpdateCompany } from '../api/update-company';
import { CompanyForm } from './company-form';

interface CompanyEditModalProps {
  companyId: string | null;
  onClose: () => void;
  onSaved: () => void;
}

function CompanyEditBody({ companyId, onClose, onSaved }: CompanyEditModalProps & { companyId: string }) {
  const { t } = useTranslation();
  const company = useCompanyDetail(companyId);
  const update = useUpdateCompany();
  if (!company.data) {
    return (
      <Center h={200}>
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  return (
    <CompanyForm
      company={company.data}
      submitting={update.isPending}
      onCancel={onClose}
      onSubmit={(body) =>
        update.mutateAsync({ id: companyId, body }).then(() => {
          onSaved();
          onClose();
        })
      }
    />
  );
}

export function CompanyEditModal(props: CompanyEditModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={props.companyId !== null} onClose={props.onClose} title={t('companies.edit_title')} size={900}>
      {props.companyId && <CompanyEditBody {...props} companyId={props.companyId} />}
    </Modal>
  );
}
