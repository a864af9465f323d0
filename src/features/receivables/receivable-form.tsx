import { useForm } from '@tanstack/react-form';
import { useMaskito } from '@maskito/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormPage } from '@/components/layout/form-page';
import { Button } from '@/components/ui/button';
import { Field, controlClass, firstError } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import { errorMessage, isApiError } from '@/lib/api';
import { documentMaskOptions, formatDocument } from '@/lib/document';
import { paymentMethodQueries } from '@/features/payment-methods/api';
import { salesOrderQueries } from '@/features/sales-orders/api';
import { userQueries } from '@/features/users/api';
import { dateInputToIso, isoToDateInput } from '@/lib/dates';
import { newIdempotencyKey } from '@/lib/offline/idempotency';
import { MoneyInput } from '@/components/ui/money-input';
import { userDisplayName, type UserRef } from '@/features/users/schema';
import { RECEIVABLE_STATUS_OPTIONS } from './status';
import { confirmReceivable, createReceivable, receivableKeys, receivableQueries, undoReceivable, updateReceivable } from './api';
import {
  RECEIVABLES_PAGE_SIZE,
  newReceivableDefaults,
  receivableFormSchema,
  receivableFormToPayload,
  receivableToForm,
  type Receivable,
  type ReceivableFormValues,
} from './schema';

const TITLES = { new: 'Novo recebimento', edit: 'Editar recebimento' } as const;
const LIST_SEARCH = { page: 1, pageSize: RECEIVABLES_PAGE_SIZE } as const;

/**
 * 'Novo recebimento' / 'Editar recebimento' at /receivables/new and /receivables/{documentId or
 * numeric id} (spec 001 §2, §5, §8): every field of the spec with its messages, payment date
 * default now, status default pending; in edit mode 'Confirmar' (pending → paid) and 'Desfazer'
 * (paid → reversed) through their endpoints. A failed load shows 'Erro ao carregar recebimento'
 * and returns to /receivables.
 */
export function ReceivableForm({ id, mode }: { id?: string; mode: 'new' | 'edit' }) {
  const query = useQuery({ ...receivableQueries.detail(id ?? ''), enabled: mode === 'edit' && Boolean(id) });
  if (mode === 'edit' && !query.data) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    return (
      <FormPage
        title={TITLES.edit}
        backTo="/receivables"
        onSubmit={() => {}}
        isLoading
        loadError={query.error ?? undefined}
        loadErrorTitle="Erro ao carregar recebimento"
        loadErrorDescription={query.error ? (notFound ? 'Não encontrado' : query.error.message) : undefined}
      >
        {null}
      </FormPage>
    );
  }
  return <ReceivableFormBody key={query.data?.documentId ?? 'new'} mode={mode} record={query.data} />;
}

/** Select options: the loaded list plus the record's current value when the list (≤100) lacks it. */
function withCurrent<T extends { id: number }>(list: T[] | undefined, current: T | null | undefined): T[] {
  const out = [...(list ?? [])];
  if (current && current.id > 0 && !out.some((x) => x.id === current.id)) out.unshift(current);
  return out;
}

function ReceivableFormBody({ mode, record }: { mode: 'new' | 'edit'; record?: Receivable }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // One Idempotency-Key per logical "create", kept across resubmits after a failure.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const orders = useQuery(salesOrderQueries.options());
  const dispatchers = useQuery(userQueries.byType('dispatcher'));
  const companies = useQuery(userQueries.byType('company'));
  const methods = useQuery(paymentMethodQueries.options());
  const maskRef = useMaskito({ options: documentMaskOptions });

  const save = useMutation({
    mutationFn: (values: ReceivableFormValues) => {
      const data = receivableFormToPayload(values);
      return record ? updateReceivable(record.documentId, data) : createReceivable(data, idempotencyKey);
    },
    onSuccess: async () => {
      toast({ title: 'Sucesso', description: record ? 'Recebimento atualizado com sucesso' : 'Recebimento criado com sucesso' });
      await queryClient.invalidateQueries({ queryKey: receivableKeys.all() });
      await navigate({ to: '/receivables', search: LIST_SEARCH });
    },
    onError: (error) =>
      toast({ title: 'Erro', description: errorMessage(error, record ? 'Não foi possível atualizar o recebimento' : 'Não foi possível criar o recebimento'), variant: 'destructive' }),
  });

  const form = useForm({
    defaultValues: record ? receivableToForm(record) : newReceivableDefaults(),
    validators: { onSubmit: receivableFormSchema },
    onSubmit: async ({ value }) => {
      await save.mutateAsync(value).catch(() => undefined);
    },
  });

  const transition = useMutation({
    mutationFn: (kind: 'confirm' | 'undo') => (kind === 'confirm' ? confirmReceivable(record!.documentId) : undoReceivable(record!.documentId)),
    onSuccess: (_, kind) => {
      form.setFieldValue('status_in', kind === 'confirm' ? 'paid' : 'reversed');
      toast({ title: 'Sucesso', description: kind === 'confirm' ? 'Recebimento confirmado com sucesso' : 'Recebimento estornado com sucesso' });
      void queryClient.invalidateQueries({ queryKey: receivableKeys.all() });
    },
    onError: (error, kind) =>
      toast({ title: 'Erro', description: errorMessage(error, kind === 'confirm' ? 'Não foi possível confirmar o pagamento.' : 'Não foi possível estornar o pagamento.'), variant: 'destructive' }),
  });

  const dispatcherCurrent = record?.user_dispatcher_id as UserRef | null | undefined;
  const companyCurrent = record?.user_company_id as UserRef | null | undefined;
  const orderOptions = withCurrent(orders.data, record?.sales_order ? { id: record.sales_order.id, documentId: '' } : null);
  const dispatcherOptions = withCurrent<UserRef>(dispatchers.data, dispatcherCurrent ?? null);
  const companyOptions = withCurrent<UserRef>(companies.data, companyCurrent ?? null);
  const methodOptions = withCurrent(methods.data, record?.payment_method_id && 'name' in record.payment_method_id ? { id: record.payment_method_id.id, name: record.payment_method_id.name ?? '' } : null);

  const text = (name: 'document_number' | 'card_brand' | 'authorization_code', label: string, extra: { required?: boolean; maxLength?: number } = {}) => (
    <form.Field name={name}>
      {(f) => (
        <Field.Root label={label} required={extra.required} error={firstError(f.state.meta.errors)}>
          <Field.Input className={controlClass} value={f.state.value} maxLength={extra.maxLength} onChange={(e) => f.handleChange(e.target.value)} onBlur={f.handleBlur} />
        </Field.Root>
      )}
    </form.Field>
  );
  const money = (name: 'amount_original' | 'amount_final' | 'tax', label: string, required = false) => (
    <form.Field name={name}>
      {(f) => (
        <Field.Root label={label} required={required} error={firstError(f.state.meta.errors)}>
          <MoneyInput value={f.state.value} onValueChange={f.handleChange} onBlur={f.handleBlur} />
        </Field.Root>
      )}
    </form.Field>
  );
  const select = (name: 'sales_order' | 'despachante' | 'concessionaria', label: string, options: { id: number; label: string }[], loading: boolean) => (
    <form.Field name={name}>
      {(f) => (
        <Field.Root label={label} required error={firstError(f.state.meta.errors)}>
          <Field.Select className={controlClass} value={String(f.state.value)} onChange={(e) => f.handleChange(Number(e.target.value) || 0)} onBlur={f.handleBlur}>
            <option value="0">{loading ? 'Carregando...' : 'Selecione...'}</option>
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </Field.Select>
        </Field.Root>
      )}
    </form.Field>
  );

  return (
    <FormPage
      title={TITLES[mode]}
      backTo="/receivables"
      onSubmit={form.handleSubmit}
      isSubmitting={save.isPending}
      headerActions={
        record ? (
          <form.Subscribe selector={(st) => st.values.status_in}>
            {(status) => (
              <>
                {status === 'pending' ? (
                  <Button variant="outline" disabled={transition.isPending} onClick={() => transition.mutate('confirm')}>
                    Confirmar
                  </Button>
                ) : null}
                {status === 'paid' ? (
                  <Button variant="outline" disabled={transition.isPending} onClick={() => transition.mutate('undo')}>
                    Desfazer
                  </Button>
                ) : null}
              </>
            )}
          </form.Subscribe>
        ) : null
      }
    >
      {text('document_number', 'Número do Documento', { required: true })}
      {money('amount_original', 'Valor Nominal', true)}
      <form.Field name="payment_method_id">
        {(f) => (
          <Field.Root label="Meio de Pagamento" error={firstError(f.state.meta.errors)}>
            <Field.Select className={controlClass} value={f.state.value ? String(f.state.value) : ''} onChange={(e) => f.handleChange(Number(e.target.value) || null)} onBlur={f.handleBlur}>
              <option value="">Nenhum</option>
              {methodOptions.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </Field.Select>
          </Field.Root>
        )}
      </form.Field>
      <form.Field name="status_in">
        {(f) => (
          <Field.Root label="Status" error={firstError(f.state.meta.errors)}>
            <Field.Select className={controlClass} value={f.state.value} onChange={(e) => f.handleChange(e.target.value as ReceivableFormValues['status_in'])} onBlur={f.handleBlur}>
              {RECEIVABLE_STATUS_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Field.Select>
          </Field.Root>
        )}
      </form.Field>
      <form.Field name="payment_date">
        {(f) => (
          <Field.Root label="Data de Pagamento" required error={firstError(f.state.meta.errors)}>
            <Field.Input type="date" className={controlClass} value={isoToDateInput(f.state.value)} onChange={(e) => f.handleChange(dateInputToIso(e.target.value, f.state.value || new Date().toISOString()))} onBlur={f.handleBlur} />
          </Field.Root>
        )}
      </form.Field>
      <form.Field name="installments">
        {(f) => (
          <Field.Root label="Número de Parcelas" error={firstError(f.state.meta.errors)}>
            <Field.Input
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              className={controlClass}
              value={Number.isNaN(f.state.value) ? '' : String(f.state.value)}
              onChange={(e) => f.handleChange(e.target.value === '' ? 0 : e.target.valueAsNumber)}
              onBlur={f.handleBlur}
            />
          </Field.Root>
        )}
      </form.Field>
      {text('card_brand', 'Bandeira do Cartão', { maxLength: 50 })}
      <form.Field name="card_last4">
        {(f) => (
          <Field.Root label="Últimos 4 dígitos do cartão" error={firstError(f.state.meta.errors)}>
            <Field.Input className={controlClass} inputMode="numeric" maxLength={4} value={f.state.value} onChange={(e) => f.handleChange(e.target.value)} onBlur={f.handleBlur} />
          </Field.Root>
        )}
      </form.Field>
      {text('authorization_code', 'Código de Autorização')}
      {select('sales_order', 'Pedido', orderOptions.map((o) => ({ id: o.id, label: `#${o.id}` })), orders.isPending)}
      {select('despachante', 'Despachante', dispatcherOptions.map((u) => ({ id: u.id, label: userDisplayName(u) || `#${u.id}` })), dispatchers.isPending)}
      <form.Field name="cpf_cnpj_cliente">
        {(f) => (
          <Field.Root label="CPF/CNPJ do Cliente" required error={firstError(f.state.meta.errors)}>
            <Field.Input
              ref={maskRef}
              className={controlClass}
              inputMode="text"
              defaultValue={formatDocument(f.state.value)}
              onInput={(e) => f.handleChange(e.currentTarget.value)}
              onBlur={f.handleBlur}
            />
          </Field.Root>
        )}
      </form.Field>
      {select('concessionaria', 'Concessionária', companyOptions.map((u) => ({ id: u.id, label: userDisplayName(u) || `#${u.id}` })), companies.isPending)}
      {money('amount_final', 'Valor Final')}
      {money('tax', 'Taxa')}
    </FormPage>
  );
}
