import { RegisterForm, useAppForm, type RegisterFieldsProps } from '@/components/form';
import { paymentMethodData } from './api';
import { paymentMethodFormSchema, paymentMethodToForm, type PaymentMethod } from './schema';

/**
 * 'Novo meio de pagamento' / 'Editar meio de pagamento' (spec 001 §2, §5 "Payment method", §8):
 * Nome (2–100), Pagamento online and Ativo (both on by default), Número máximo de parcelas (whole,
 * ≥ 0; 0 = no instalments) and Taxa de juros (%) (≥ 0, step 0.01); a non-numeric entry becomes 0.
 */
export function PaymentMethodForm() {
  return (
    <RegisterForm
      data={paymentMethodData}
      schema={paymentMethodFormSchema}
      toForm={paymentMethodToForm}
      fields={PaymentMethodFields}
      texts={{
        titles: { new: 'Novo meio de pagamento', edit: 'Editar meio de pagamento' },
        loadFailed: 'Erro ao carregar meio de pagamento',
        notFound: 'Meio de pagamento não encontrado.',
        saved: { created: 'Meio de pagamento criado com sucesso', updated: 'Meio de pagamento atualizado com sucesso' },
        failed: { created: 'Erro ao criar meio de pagamento', updated: 'Erro ao atualizar meio de pagamento' },
      }}
    />
  );
}

function PaymentMethodFields({ options, page }: RegisterFieldsProps<PaymentMethod, typeof paymentMethodFormSchema>) {
  const form = useAppForm(options);
  return (
    <form.AppForm>
      <form.RecordFormPage {...page}>
        <form.AppField name="name">{(f) => <f.TextField label="Nome" required />}</form.AppField>
        <form.AppField name="max_installments">{(f) => <f.IntegerField label="Número máximo de parcelas" min={0} />}</form.AppField>
        <form.AppField name="interest_tax">{(f) => <f.PercentField label="Taxa de juros (%)" />}</form.AppField>
        <form.AppField name="is_online_payment">{(f) => <f.SwitchField label="Pagamento online" />}</form.AppField>
        <form.AppField name="is_active">{(f) => <f.SwitchField label="Ativo" />}</form.AppField>
      </form.RecordFormPage>
    </form.AppForm>
  );
}
