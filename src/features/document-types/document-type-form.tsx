import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useStore } from '@tanstack/react-form';
import { css } from 'styled-system/css';
import { SubmitForm, useAppForm } from '@/components/form';
import { recordVersion } from '@/lib/api/edit-version';
import { Button } from '@/components/ui/button';
import { Dialog, dialogFooter } from '@/components/ui/dialog';
import { userDisplayName, type UserRef, usersByType } from '@/shared/users';
import { createDocumentType, documentTypeKeys, documentTypeRecordQueries, updateDocumentType } from './api';
import {
  INVALID_COMPANY,
  INVALID_DISPATCHER,
  documentTypeFormSchema,
  documentTypeFormToPayload,
  documentTypeToForm,
  partyId,
  partyName,
  type DocumentTypeFormValues,
  type DocumentTypeRecord,
} from './schema';

/**
 * The 'Novo Tipo de Documento' / 'Editar Tipo de Documento' modal of /document-type (spec 000
 * §5 "Document type form"), loaded by document-type-screen.tsx when a route opens it.
 */
export function DocumentTypeModal({ id, modal, onClose }: { id?: string; modal: 'new' | 'edit'; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={modal === 'edit' ? 'Editar Tipo de Documento' : 'Novo Tipo de Documento'}>
      {modal === 'edit' && id ? <EditBody id={id} onDone={onClose} /> : modal === 'new' ? <DocumentTypeForm onDone={onClose} /> : null}
    </Dialog>
  );
}

function EditBody({ id, onDone }: { id: string; onDone: () => void }) {
  const detail = useQuery(documentTypeRecordQueries.detail(id));
  if (detail.isLoading) return <p>Carregando...</p>;
  if (!detail.data) return <p>Tipo de documento não encontrado.</p>;
  return <DocumentTypeForm key={detail.data.documentId} record={detail.data} onDone={onDone} />;
}

/** Options of a select: the loaded users, plus the record's own party when it is not among them (so the invalid text shows). */
function partyOptions(users: UserRef[] | undefined, current: DocumentTypeRecord['user_dispatcher_id']) {
  const options = (users ?? []).map((u) => ({ value: String(u.id), label: userDisplayName(u) || `#${u.id}` }));
  const currentId = partyId(current);
  if (currentId !== undefined && !options.some((o) => o.value === String(currentId))) options.push({ value: String(currentId), label: partyName(current) });
  return options;
}

/**
 * The modal's form: Despachante and Concessionária selects (users of type dispatcher / company,
 * page 1 size 100; failures 'Erro ao buscar despachantes.' / 'Erro ao buscar concessionárias.'),
 * Nome, Cancelar and Salvar; Salvar stays disabled until both selected ids are in the loaded lists.
 */
function DocumentTypeForm({ record, onDone }: { record?: DocumentTypeRecord; onDone: () => void }) {
  const queryClient = useQueryClient();
  const dispatchers = useQuery({ ...usersByType('dispatcher'), meta: { errorMessage: 'Erro ao buscar despachantes.', useServerMessage: false } });
  const companies = useQuery({ ...usersByType('company'), meta: { errorMessage: 'Erro ao buscar concessionárias.', useServerMessage: false } });
  const dispatcherIds = new Set((dispatchers.data ?? []).map((u) => Number(u.id)));
  const companyIds = new Set((companies.data ?? []).map((u) => Number(u.id)));
  const save = useMutation({
    mutationFn: (values: DocumentTypeFormValues) => {
      const data = documentTypeFormToPayload(values);
      return record ? updateDocumentType(record.documentId, data, recordVersion(record)) : createDocumentType(data);
    },
    meta: {
      successMessage: record ? 'Tipo de documento atualizado com sucesso' : 'Tipo de documento criado com sucesso',
      errorMessage: 'Erro ao salvar documento: {message}',
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: documentTypeKeys.all() });
      onDone();
    },
  });
  const form = useAppForm({
    defaultValues: documentTypeToForm(record),
    validators: { onSubmit: documentTypeFormSchema(dispatcherIds, companyIds) },
    onSubmit: ({ value }) => save.mutateAsync(value).catch(() => undefined),
  });
  const values = useStore(form.store, (st) => st.values);
  const dispatcherInvalid = Boolean(values.user_dispatcher_id) && dispatchers.isSuccess && !dispatcherIds.has(Number(values.user_dispatcher_id));
  const companyInvalid = Boolean(values.user_company_id) && companies.isSuccess && !companyIds.has(Number(values.user_company_id));
  const canSave = dispatcherIds.has(Number(values.user_dispatcher_id)) && companyIds.has(Number(values.user_company_id)) && !save.isPending;
  return (
    <form.AppForm>
      <SubmitForm onSubmit={form.handleSubmit} className={css({ display: 'grid', gap: '3' })}>
        <form.AppField name="user_dispatcher_id">
          {(f) => (
            <f.SelectField
              label="Despachante"
              required
              placeholder={dispatchers.isLoading ? 'Carregando...' : 'Selecione'}
              options={partyOptions(dispatchers.data, record?.user_dispatcher_id)}
              helper={dispatcherInvalid ? <span className={css({ color: 'danger.600' })}>{INVALID_DISPATCHER}</span> : undefined}
            />
          )}
        </form.AppField>
        <form.AppField name="user_company_id">
          {(f) => (
            <f.SelectField
              label="Concessionária"
              required
              placeholder={companies.isLoading ? 'Carregando...' : 'Selecione'}
              options={partyOptions(companies.data, record?.user_company_id)}
              helper={companyInvalid ? <span className={css({ color: 'danger.600' })}>{INVALID_COMPANY}</span> : undefined}
            />
          )}
        </form.AppField>
        <form.AppField name="name">{(f) => <f.TextField label="Nome" required maxLength={150} />}</form.AppField>
        <div className={dialogFooter}>
          <Button variant="outline" onClick={onDone}>
            Cancelar
          </Button>
          <Button type="submit" disabled={!canSave}>
            {save.isPending ? 'Salvando...' : 'Salvar'}
          </Button>
        </div>
      </SubmitForm>
    </form.AppForm>
  );
}
