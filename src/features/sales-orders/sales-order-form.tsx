import { Link, useNavigate } from '@tanstack/react-router';
import { button } from 'styled-system/recipes';
import { RecordForm, useAppForm, useSaveMutation } from '@/components/form';
import { Icon } from '@/components/ui/icons';
import { isApiError } from '@/lib/api';
import { userDisplayName, usersByType } from '@/shared/users';
import { useOutbox } from '@/lib/offline/outbox-peek';
import { recordUpdatePayload } from '@/lib/offline/record-update';
import { createSalesOrder, salesOrderKeys, salesOrderQueries, updateSalesOrder } from './api';
import { ORDER_OUTBOX_KINDS } from './keys';
import { newSalesOrderDefaults, salesOrderFormSchema, salesOrderFormToPayload, salesOrderToForm, type SalesOrder, type SalesOrderFormValues } from './schema';
import { ORDER_STATUS_OPTIONS } from '@/shared/order-status';

/**
 * 'Novo pedido' / 'Editar pedido' (spec 001 §2, §5): Status, Data de Faturamento (required,
 * default today), Despachante (dispatchers, up to 100), Preço do Veículo, Valor Original,
 * Valor Atual (cents typing, ≥ 0), switches Veículo Financiado and Placa Especial; 'Documentos'
 * in edit mode. Saves with 'Sucesso' and returns to /sales-orders; an unknown status is saved
 * as pending; a failed load shows 'Erro ao carregar pedido' and returns to the list.
 */
export function SalesOrderForm({ id, mode }: { id?: string; mode: 'new' | 'edit' }) {
  return (
    <RecordForm
      mode={mode}
      id={id}
      query={salesOrderQueries.detail}
      titles={{ new: 'Novo pedido', edit: 'Editar pedido' }}
      backTo={{ to: '/sales-orders' }}
      loadErrorTitle="Erro ao carregar pedido"
      loadErrorDescription={(error) => (isApiError(error) && error.status === 404 ? 'Pedido não encontrado.' : error.message)}
    >
      {(order) => <SalesOrderFields order={order} />}
    </RecordForm>
  );
}

function SalesOrderFields({ order }: { order: SalesOrder | undefined }) {
  const navigate = useNavigate();
  // Dexie loads with the first queued write, not with the screen.
  const outbox = useOutbox();
  const save = useSaveMutation({
    save: (values: SalesOrderFormValues, version?: string) => {
      const data = salesOrderFormToPayload(values);
      return order ? updateSalesOrder(order.documentId, data, version) : createSalesOrder(data);
    },
    edit: order ? { record: order, toForm: salesOrderToForm, detail: salesOrderQueries.detail(order.documentId) } : undefined,
    // an edit saved without an answer waits in the outbox with its version (a new order is never queued)
    offline:
      order && outbox
        ? {
            queuedMessage: 'Alterações do pedido na fila de envio.',
            queue: async ({ values, version, base, fields }) => {
              const runtime = await outbox.get();
              const payload = recordUpdatePayload({
                documentId: order.documentId,
                label: `Alterações do pedido ${order.id}`,
                version,
                base,
                mine: values,
                fields,
                toBody: (v) => salesOrderFormToPayload(v as SalesOrderFormValues),
              });
              await runtime.outbox.enqueue({ kind: ORDER_OUTBOX_KINDS.updateOrder, orderId: order.id, payload });
            },
          }
        : undefined,
    successMessage: order ? 'Pedido atualizado com sucesso' : 'Pedido criado com sucesso',
    // spec 001 §8: the server's message, else the service's fallback (docs/decisions.md "Save failures: the service's fallback")
    errorMessage: order ? 'Erro ao atualizar pedido' : 'Erro ao criar pedido',
    invalidate: salesOrderKeys.all(),
    onSaved: () => navigate({ to: '/sales-orders', search: { page: 1, pageSize: 10 } }),
  });
  const form = useAppForm({
    defaultValues: order ? salesOrderToForm(order) : newSalesOrderDefaults(),
    validators: { onSubmit: salesOrderFormSchema },
    onSubmit: ({ value }) => save.submit(value),
  });
  const dispatcher = order?.user_dispatcher_id;

  return (
    <form.AppForm>
      <form.RecordFormPage
        title={order ? 'Editar pedido' : 'Novo pedido'}
        backTo={{ to: '/sales-orders' }}
        conflict={order ? save.conflict : undefined}
        headerActions={
          order ? (
            <Link to="/sales-order/$id/documentos" params={{ id: order.documentId }} className={button({ variant: 'outline' })}>
              <Icon name="documents" size={16} /> Documentos
            </Link>
          ) : null
        }
      >
        <form.AppField name="status_in">{(f) => <f.SelectField label="Status" options={ORDER_STATUS_OPTIONS} />}</form.AppField>
        <form.AppField name="billing_date">{(f) => <f.DateField label="Data de Faturamento" required />}</form.AppField>
        <form.AppField name="user_dispatcher_id">
          {(f) => (
            <f.QuerySelectField
              label="Despachante"
              query={usersByType('dispatcher')}
              current={dispatcher}
              optionLabel={(d) => userDisplayName(d) || `#${d.id}`}
              emptyLabel="Nenhum"
            />
          )}
        </form.AppField>
        <form.AppField name="vehicle_price">{(f) => <f.MoneyField label="Preço do Veículo" />}</form.AppField>
        <form.AppField name="original_amount">{(f) => <f.MoneyField label="Valor Original" />}</form.AppField>
        <form.AppField name="current_amount">{(f) => <f.MoneyField label="Valor Atual" />}</form.AppField>
        <form.AppField name="is_vehicle_financed">{(f) => <f.SwitchField label="Veículo Financiado" />}</form.AppField>
        <form.AppField name="is_vehicle_special_plate">{(f) => <f.SwitchField label="Placa Especial" />}</form.AppField>
      </form.RecordFormPage>
    </form.AppForm>
  );
}
