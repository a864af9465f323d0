import { useForm } from '@tanstack/react-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { FormPage } from '@/components/layout/form-page';
import { Field, controlClass, firstError } from '@/components/ui/field';
import { Icon } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast';
import { errorMessage, isApiError } from '@/lib/api';
import { createSalesOrder, salesOrderKeys, salesOrderQueries, updateSalesOrder } from './api';
import { dateInputToIso, isoToDateInput } from '@/lib/dates';
import { Switch } from '@/components/ui/switch';
import { MoneyInput } from '@/components/ui/money-input';
import { newSalesOrderDefaults, salesOrderFormSchema, salesOrderFormToPayload, salesOrderToForm, type SalesOrder, type SalesOrderFormValues } from './schema';
import { ORDER_STATUS_OPTIONS } from './status';
import { userQueries } from '@/features/users/api';
import { userDisplayName } from '@/features/users/schema';

const TITLES = { new: 'Novo pedido', edit: 'Editar pedido' } as const;

/**
 * 'Novo pedido' / 'Editar pedido' (spec 001 §2, §5): Status, Data de Faturamento (required,
 * default today), Despachante (dispatchers, up to 100), Preço do Veículo, Valor Original,
 * Valor Atual (cents typing, ≥ 0), switches Veículo Financiado and Placa Especial; 'Documentos'
 * in edit mode. Saves with 'Sucesso' and returns to /sales-orders; an unknown status is saved
 * as pending; a failed load shows 'Erro ao carregar pedido' and returns to the list.
 */
export function SalesOrderForm({ id, mode }: { id?: string; mode: 'new' | 'edit' }) {
  const query = useQuery({ ...salesOrderQueries.detail(id ?? ''), enabled: mode === 'edit' && Boolean(id) });
  if (mode === 'edit' && !query.data) {
    return (
      <FormPage
        title={TITLES.edit}
        backTo="/sales-orders"
        onSubmit={() => {}}
        isLoading
        loadError={query.error ?? undefined}
        loadErrorTitle="Erro ao carregar pedido"
        loadErrorDescription={query.error ? (isApiError(query.error) && query.error.status === 404 ? 'Pedido não encontrado.' : query.error.message) : undefined}
      >
        {null}
      </FormPage>
    );
  }
  return <SalesOrderFormBody key={query.data?.documentId ?? 'new'} mode={mode} order={query.data} />;
}

function SalesOrderFormBody({ mode, order }: { mode: 'new' | 'edit'; order?: SalesOrder }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dispatchers = useQuery(userQueries.byType('dispatcher'));

  const save = useMutation({
    mutationFn: (values: SalesOrderFormValues) => {
      const data = salesOrderFormToPayload(values);
      return order ? updateSalesOrder(order.documentId, data) : createSalesOrder(data);
    },
    onSuccess: async () => {
      toast({ title: 'Sucesso', description: order ? 'Pedido atualizado com sucesso' : 'Pedido criado com sucesso' });
      await queryClient.invalidateQueries({ queryKey: salesOrderKeys.all() });
      await navigate({ to: '/sales-orders', search: { page: 1, pageSize: 10 } });
    },
    onError: (error) =>
      toast({ title: 'Erro', description: errorMessage(error, order ? 'Não foi possível atualizar o pedido' : 'Não foi possível criar o pedido'), variant: 'destructive' }),
  });

  const form = useForm({
    defaultValues: order ? salesOrderToForm(order) : newSalesOrderDefaults(),
    validators: { onSubmit: salesOrderFormSchema },
    onSubmit: async ({ value }) => {
      await save.mutateAsync(value).catch(() => undefined);
    },
  });

  const dispatcherOptions = [...(dispatchers.data ?? [])];
  const current = order?.user_dispatcher_id;
  if (current && !dispatcherOptions.some((d) => d.id === current.id)) dispatcherOptions.unshift({ id: current.id, ...('username' in current ? current : {}) });

  return (
    <FormPage
      title={TITLES[mode]}
      backTo="/sales-orders"
      onSubmit={form.handleSubmit}
      isSubmitting={save.isPending}
      headerActions={
        order ? (
          <Link
            to="/sales-order/$id/documentos"
            params={{ id: order.documentId }}
            className={css({ display: 'inline-flex', alignItems: 'center', gap: '2', h: '10', px: '4', borderRadius: 'md', borderWidth: '1px', borderColor: 'border', bg: 'bg.surface', fontWeight: 'medium', _hover: { bg: 'gray.100' } })}
          >
            <Icon name="documents" size={16} /> Documentos
          </Link>
        ) : null
      }
    >
      <form.Field name="status_in">
        {(f) => (
          <Field.Root label="Status" error={firstError(f.state.meta.errors)}>
            <Field.Select className={controlClass} value={f.state.value} onChange={(e) => f.handleChange(e.target.value as SalesOrderFormValues['status_in'])} onBlur={f.handleBlur}>
              {ORDER_STATUS_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Field.Select>
          </Field.Root>
        )}
      </form.Field>
      <form.Field name="billing_date">
        {(f) => (
          <Field.Root label="Data de Faturamento" required error={firstError(f.state.meta.errors)}>
            <Field.Input type="date" className={controlClass} value={isoToDateInput(f.state.value)} onChange={(e) => f.handleChange(dateInputToIso(e.target.value, f.state.value || new Date().toISOString()))} onBlur={f.handleBlur} />
          </Field.Root>
        )}
      </form.Field>
      <form.Field name="user_dispatcher_id">
        {(f) => (
          <Field.Root label="Despachante" error={firstError(f.state.meta.errors)}>
            <Field.Select className={controlClass} value={String(f.state.value)} onChange={(e) => f.handleChange(Number(e.target.value) || 0)} onBlur={f.handleBlur}>
              <option value="0">{dispatchers.isPending ? 'Carregando...' : 'Nenhum'}</option>
              {dispatcherOptions.map((d) => (
                <option key={d.id} value={d.id}>
                  {userDisplayName(d) || `#${d.id}`}
                </option>
              ))}
            </Field.Select>
          </Field.Root>
        )}
      </form.Field>
      {(
        [
          ['vehicle_price', 'Preço do Veículo'],
          ['original_amount', 'Valor Original'],
          ['current_amount', 'Valor Atual'],
        ] as const
      ).map(([name, label]) => (
        <form.Field key={name} name={name}>
          {(f) => (
            <Field.Root label={label} error={firstError(f.state.meta.errors)}>
              <MoneyInput value={f.state.value} onValueChange={f.handleChange} onBlur={f.handleBlur} />
            </Field.Root>
          )}
        </form.Field>
      ))}
      <form.Field name="is_vehicle_financed">{(f) => <Switch label="Veículo Financiado" checked={f.state.value} onChange={f.handleChange} />}</form.Field>
      <form.Field name="is_vehicle_special_plate">{(f) => <Switch label="Placa Especial" checked={f.state.value} onChange={f.handleChange} />}</form.Field>
    </FormPage>
  );
}
