import { revalidateLogic } from '@tanstack/react-form';
import { useNavigate } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { RecordForm, useAppForm, useSaveMutation } from '@/components/form';
import { toast } from '@/components/ui/toast';
import { stateOptions } from '@/shared/states';
import { vehicleTypeOptions } from '@/shared/vehicle-types';
import { isApiError } from '@/lib/api';
import { salesItemData, saveSalesItem } from './api';
import {
  BILLING_TYPE_LABELS,
  BILLING_TYPES,
  SUM_TOLERANCE,
  amountsDifference,
  formatItemValue,
  salesItemFormSchema,
  salesItemToForm,
  type SalesItem,
  type SalesItemFormValues,
} from './schema';

/** The 'Sucesso (Parcial)' text of spec 001 §8 (the amounts were not saved). */
export const PARTIAL_MESSAGE =
  'O item foi salvo, mas os valores (Despachante, Concessionária e Plataforma) não foram salvos porque o backend não está configurado para esses campos.';

const summaryClass = css({
  gridColumn: '1 / -1',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'md',
  p: '3',
  fontSize: 'sm',
  '& dl': { display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: '4', rowGap: '1' },
  '& dd': { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
});
const warningClass = css({ mt: '2', color: 'danger.600', fontWeight: 'medium' });

/**
 * 'Novo item para venda' / 'Editar item para venda' (spec 001 §2 "Sales items", §5, §7, §8):
 * Nome, Descrição, Tipo de cobrança (default fixed value), Preço and the three amounts (reais for a
 * fixed value, percent for a percentage) with a live summary, their total and a warning while the
 * total differs from the price; editing the price sets the dispatcher amount to it and the other two
 * to 0; Tipo de veículo and Estado selects (required); the five flags. An 'Invalid key' answer is
 * retried without the amounts and toasts 'Sucesso (Parcial)'. A failed load toasts 'Erro ao
 * carregar item para venda' and returns to /sales-items.
 */
export function SalesItemForm({ id, mode }: { id?: string; mode: 'new' | 'edit' }) {
  return (
    <RecordForm
      mode={mode}
      id={id}
      query={salesItemData.detail}
      titles={{ new: 'Novo item para venda', edit: 'Editar item para venda' }}
      backTo={{ to: '/sales-items' }}
      loadErrorTitle="Erro ao carregar item para venda"
      loadErrorDescription={(error) => (isApiError(error) && error.status === 404 ? 'Item para venda não encontrado.' : error.message)}
    >
      {(item) => <SalesItemFields item={item} />}
    </RecordForm>
  );
}

function SalesItemFields({ item }: { item: SalesItem | undefined }) {
  const navigate = useNavigate();
  const successMessage = item ? 'Item para venda atualizado com sucesso' : 'Item para venda criado com sucesso';
  const save = useSaveMutation({
    save: (values: SalesItemFormValues, version?: string) => saveSalesItem(item?.documentId, salesItemFormSchema.parse(values), version),
    errorMessage: item ? 'Erro ao atualizar item para venda' : 'Erro ao criar item para venda',
    invalidate: salesItemData.keys.all(),
    onSaved: async (result) => {
      const { partial } = result as Awaited<ReturnType<typeof saveSalesItem>>;
      toast(partial ? { title: 'Sucesso (Parcial)', description: PARTIAL_MESSAGE } : { title: 'Sucesso', description: successMessage });
      await navigate({ to: '/sales-items', search: { page: 1, pageSize: 10 } });
    },
    edit: item ? { record: item, toForm: (i: SalesItem) => salesItemToForm(i), detail: salesItemData.detail(item.documentId) } : undefined,
  });
  const form = useAppForm({
    defaultValues: salesItemToForm(item),
    // submit first, then again on every change: fixing one field clears its message (and a message on another field
    // does not block the next Salvar)
    validationLogic: revalidateLogic(),
    validators: { onDynamic: salesItemFormSchema },
    onSubmit: ({ value }) => save.submit(value),
  });
  return (
    <form.AppForm>
      <form.RecordFormPage
        title={item ? 'Editar item para venda' : 'Novo item para venda'}
        backTo={{ to: '/sales-items' }}
        conflict={item ? save.conflict : undefined}
      >
        <form.AppField name="name">{(f) => <f.TextField label="Nome" required />}</form.AppField>
        <form.AppField name="description">{(f) => <f.TextField label="Descrição" />}</form.AppField>
        <form.AppField name="vehicle_type_id">
          {(f) => (
            <f.QuerySelectField
              label="Tipo de veículo"
              required
              query={vehicleTypeOptions()}
              optionLabel={(v) => v.name}
              current={
                item?.vehicle_type_id && 'name' in item.vehicle_type_id
                  ? { ...item.vehicle_type_id, name: item.vehicle_type_id.name ?? '', documentId: '' }
                  : null
              }
              emptyLabel="Selecione..."
            />
          )}
        </form.AppField>
        <form.AppField name="state_id">
          {(f) => (
            <f.QuerySelectField
              label="Estado"
              required
              helper="Obrigatório também para itens de imposto estadual."
              query={stateOptions()}
              optionLabel={(s) => `${s.abbreviation} - ${s.name}`}
              current={
                item?.state_id && 'name' in item.state_id
                  ? { ...item.state_id, name: item.state_id.name ?? '', abbreviation: item.state_id.abbreviation ?? '', documentId: '' }
                  : null
              }
              emptyLabel="Selecione..."
            />
          )}
        </form.AppField>
        <form.AppField name="billing_type">
          {(f) => <f.SelectField label="Tipo de cobrança" options={BILLING_TYPES.map((b) => ({ value: b, label: BILLING_TYPE_LABELS[b] }))} />}
        </form.AppField>
        <form.AppField
          name="price"
          listeners={{
            onChange: ({ value }) => {
              form.setFieldValue('vehicle_documentation_company_amount', Number.isFinite(value) ? value : 0);
              form.setFieldValue('vehicle_sales_company_amount', 0);
              form.setFieldValue('platform_amount', 0);
            },
          }}
        >
          {(f) => <f.DecimalField label="Preço" required reais />}
        </form.AppField>
        <form.AppField name="vehicle_documentation_company_amount">{(f) => <f.DecimalField label="Valor Despachante" />}</form.AppField>
        <form.AppField name="vehicle_sales_company_amount">{(f) => <f.DecimalField label="Valor Concessionária" />}</form.AppField>
        <form.AppField name="platform_amount">{(f) => <f.DecimalField label="Valor Plataforma" />}</form.AppField>
        <form.Subscribe selector={(s) => s.values}>{(values) => <AmountsSummary values={values} />}</form.Subscribe>
        <form.AppField name="is_state_tax">{(f) => <f.SwitchField label="Imposto estadual" />}</form.AppField>
        <form.AppField name="is_ipva">{(f) => <f.SwitchField label="IPVA" />}</form.AppField>
        <form.AppField name="is_discount_allowed">{(f) => <f.SwitchField label="Permite desconto" />}</form.AppField>
        <form.AppField name="is_vehicle_financed">{(f) => <f.SwitchField label="Veículo financiado" />}</form.AppField>
        <form.AppField name="is_special_plate">{(f) => <f.SwitchField label="Placa especial" />}</form.AppField>
      </form.RecordFormPage>
    </form.AppForm>
  );
}

/** The live summary of spec 001 §2 "Sales items": the three amounts, their total, the price, and a warning while they differ. */
function AmountsSummary({ values }: { values: SalesItemFormValues }) {
  const show = (n: number) => formatItemValue(Number.isFinite(n) ? n : 0, values.billing_type);
  const total = amountsDifference(values) + (Number.isFinite(values.price) ? values.price : 0);
  const differs = Math.abs(amountsDifference(values)) > SUM_TOLERANCE + 1e-9;
  return (
    <section className={summaryClass} aria-label="Resumo dos valores">
      <dl>
        <dt>Despachante</dt>
        <dd>{show(values.vehicle_documentation_company_amount)}</dd>
        <dt>Concessionária</dt>
        <dd>{show(values.vehicle_sales_company_amount)}</dd>
        <dt>Plataforma</dt>
        <dd>{show(values.platform_amount)}</dd>
        <dt>Total</dt>
        <dd>{show(total)}</dd>
        <dt>Preço</dt>
        <dd>{show(values.price)}</dd>
      </dl>
      {differs ? (
        <p role="status" className={warningClass}>
          A soma dos valores ({show(total)}) difere do preço ({show(values.price)}).
        </p>
      ) : null}
    </section>
  );
}
