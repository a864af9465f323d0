import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { RecordForm, useSaveMutation } from '@/components/form';
import { useMaskedAppForm } from '@/components/form/masked-form';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api';
import { newIdempotencyKey } from '@/lib/offline/idempotency';
import { paymentMethodOptions } from '@/shared/payment-methods';
import { salesOrderOptions } from '@/shared/sales-orders';
import { userDisplayName, type UserRef, usersByType } from '@/shared/users';
import { confirmReceivable, undoReceivable } from '@/shared/receivables';
import { createReceivable, receivableKeys, receivableQueries, updateReceivable } from './api';
import { newReceivableDefaults, receivableFormSchema, receivableFormToPayload, receivableToForm, type Receivable, type ReceivableFormValues } from './schema';
import { RECEIVABLES_PAGE_SIZE } from './resource';
import { RECEIVABLE_STATUS_OPTIONS } from './status';

const LIST_SEARCH = { page: 1, pageSize: RECEIVABLES_PAGE_SIZE } as const;
const userLabel = (u: UserRef) => userDisplayName(u) || `#${u.id}`;

/**
 * 'Novo recebimento' / 'Editar recebimento' at /receivables/new and /receivables/{documentId or
 * numeric id} (spec 001 §2, §5, §8): every field of the spec with its messages, payment date
 * default now, status default pending; in edit mode 'Confirmar' (pending → paid) and 'Desfazer'
 * (paid → reversed) through their endpoints. A failed load shows 'Erro ao carregar recebimento'
 * and returns to /receivables.
 */
export function ReceivableForm({ id, mode }: { id?: string; mode: 'new' | 'edit' }) {
  return (
    <RecordForm
      mode={mode}
      id={id}
      query={receivableQueries.detail}
      titles={{ new: 'Novo recebimento', edit: 'Editar recebimento' }}
      backTo={{ to: '/receivables' }}
      loadErrorTitle="Erro ao carregar recebimento"
      loadErrorDescription={(error) => (isApiError(error) && error.status === 404 ? 'Não encontrado' : error.message)}
    >
      {(record) => <ReceivableFields record={record} />}
    </RecordForm>
  );
}

function ReceivableFields({ record }: { record: Receivable | undefined }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // One Idempotency-Key per logical "create", kept across resubmits after a failure.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const save = useSaveMutation({
    save: (values: ReceivableFormValues, version?: string) => {
      const data = receivableFormToPayload(values);
      return record ? updateReceivable(record.documentId, data, version) : createReceivable(data, idempotencyKey);
    },
    edit: record ? { record, toForm: receivableToForm, detail: receivableQueries.detail(record.documentId) } : undefined,
    successMessage: record ? 'Recebimento atualizado com sucesso' : 'Recebimento criado com sucesso',
    // spec 001 §8's service fallback of "the other records" (docs/decisions.md "Save failures: the service's fallback")
    errorMessage: record ? 'Erro ao atualizar recebimento' : 'Erro ao criar recebimento',
    invalidate: receivableKeys.all(),
    onSaved: () => navigate({ to: '/receivables', search: LIST_SEARCH }),
  });
  const form = useMaskedAppForm({
    defaultValues: record ? receivableToForm(record) : newReceivableDefaults(),
    validators: { onSubmit: receivableFormSchema },
    onSubmit: ({ value }) => save.submit(value),
  });

  // Confirmar / Estornar (spec 001 §5): their texts in `meta`, toasted by the MutationCache.
  const transitioned = (status: 'paid' | 'reversed') => () => {
    form.setFieldValue('status_in', status);
    void queryClient.invalidateQueries({ queryKey: receivableKeys.all() });
  };
  const confirm = useMutation({
    mutationFn: () => confirmReceivable(record!.documentId),
    meta: { successMessage: 'Recebimento confirmado com sucesso', errorMessage: 'Não foi possível confirmar o pagamento.' },
    onSuccess: transitioned('paid'),
  });
  const undo = useMutation({
    mutationFn: () => undoReceivable(record!.documentId),
    meta: { successMessage: 'Recebimento estornado com sucesso', errorMessage: 'Não foi possível estornar o pagamento.' },
    onSuccess: transitioned('reversed'),
  });
  const transition = { mutate: (kind: 'confirm' | 'undo') => (kind === 'confirm' ? confirm : undo).mutate(), isPending: confirm.isPending || undo.isPending };

  const method =
    record?.payment_method_id && 'name' in record.payment_method_id ? { id: record.payment_method_id.id, name: record.payment_method_id.name ?? '' } : null;
  return (
    <form.AppForm>
      <form.RecordFormPage
        title={record ? 'Editar recebimento' : 'Novo recebimento'}
        backTo={{ to: '/receivables' }}
        conflict={record ? save.conflict : undefined}
        headerActions={
          record ? (
            <form.Subscribe selector={(st) => st.values.status_in}>
              {(status) =>
                status === 'pending' || status === 'paid' ? (
                  <Button variant="outline" disabled={transition.isPending} onClick={() => transition.mutate(status === 'pending' ? 'confirm' : 'undo')}>
                    {status === 'pending' ? 'Confirmar' : 'Desfazer'}
                  </Button>
                ) : null
              }
            </form.Subscribe>
          ) : null
        }
      >
        <form.AppField name="document_number">{(f) => <f.TextField label="Número do Documento" required />}</form.AppField>
        <form.AppField name="amount_original">{(f) => <f.MoneyField label="Valor Nominal" required />}</form.AppField>
        <form.AppField name="payment_method_id">
          {(f) => (
            <f.QuerySelectField
              label="Meio de Pagamento"
              query={paymentMethodOptions()}
              current={method}
              optionLabel={(m) => m.name}
              emptyLabel="Nenhum"
              emptyValue={null}
            />
          )}
        </form.AppField>
        <form.AppField name="status_in">{(f) => <f.SelectField label="Status" options={RECEIVABLE_STATUS_OPTIONS} />}</form.AppField>
        <form.AppField name="payment_date">{(f) => <f.DateField label="Data de Pagamento" required />}</form.AppField>
        <form.AppField name="installments">{(f) => <f.IntegerField label="Número de Parcelas" />}</form.AppField>
        <form.AppField name="card_brand">{(f) => <f.TextField label="Bandeira do Cartão" maxLength={50} />}</form.AppField>
        <form.AppField name="card_last4">{(f) => <f.TextField label="Últimos 4 dígitos do cartão" inputMode="numeric" maxLength={4} />}</form.AppField>
        <form.AppField name="authorization_code">{(f) => <f.TextField label="Código de Autorização" />}</form.AppField>
        <form.AppField name="sales_order">
          {(f) => (
            <f.QuerySelectField
              label="Pedido"
              required
              query={salesOrderOptions()}
              current={record?.sales_order ? { id: record.sales_order.id, documentId: '' } : null}
              optionLabel={(o) => `#${o.id}`}
              emptyLabel="Selecione..."
            />
          )}
        </form.AppField>
        <form.AppField name="despachante">
          {(f) => (
            <f.QuerySelectField
              label="Despachante"
              required
              query={usersByType('dispatcher')}
              current={record?.user_dispatcher_id as UserRef | null | undefined}
              optionLabel={userLabel}
              emptyLabel="Selecione..."
            />
          )}
        </form.AppField>
        <form.AppField name="cpf_cnpj_cliente">{(f) => <f.DocumentField label="CPF/CNPJ do Cliente" required />}</form.AppField>
        <form.AppField name="concessionaria">
          {(f) => (
            <f.QuerySelectField
              label="Concessionária"
              required
              query={usersByType('company')}
              current={record?.user_company_id as UserRef | null | undefined}
              optionLabel={userLabel}
              emptyLabel="Selecione..."
            />
          )}
        </form.AppField>
        <form.AppField name="amount_final">{(f) => <f.MoneyField label="Valor Final" />}</form.AppField>
        <form.AppField name="tax">{(f) => <f.MoneyField label="Taxa" />}</form.AppField>
      </form.RecordFormPage>
    </form.AppForm>
  );
}
