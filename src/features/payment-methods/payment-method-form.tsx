import { revalidateLogic } from '@tanstack/react-form';
import { useNavigate } from '@tanstack/react-router';
import { RecordForm, useAppForm, useSaveMutation } from '@/components/form';
import { isApiError } from '@/lib/api';
import { createPaymentMethod, paymentMethodKeys, paymentMethodQueries, updatePaymentMethod } from './api';
import { paymentMethodFormSchema, paymentMethodFormToPayload, paymentMethodToForm, type PaymentMethod, type PaymentMethodFormValues } from './schema';

/**
 * 'Novo meio de pagamento' / 'Editar meio de pagamento' (spec 001 §2, §5 "Payment method", §8):
 * Nome (2–100), Pagamento online and Ativo (both on by default), Número máximo de parcelas (whole,
 * ≥ 0; 0 = no instalments) and Taxa de juros (%) (≥ 0, step 0.01); a non-numeric entry becomes 0.
 * A failed load toasts 'Erro ao carregar meio de pagamento' and returns to /payment-methods; a
 * failed save shows the server's message or 'Erro ao criar/atualizar meio de pagamento'.
 */
export function PaymentMethodForm({ id, mode }: { id?: string; mode: 'new' | 'edit' }) {
  return (
    <RecordForm
      mode={mode}
      id={id}
      query={paymentMethodQueries.detail}
      titles={{ new: 'Novo meio de pagamento', edit: 'Editar meio de pagamento' }}
      backTo={{ to: '/payment-methods' }}
      loadErrorTitle="Erro ao carregar meio de pagamento"
      loadErrorDescription={(error) => (isApiError(error) && error.status === 404 ? 'Meio de pagamento não encontrado.' : error.message)}
    >
      {(paymentMethod) => <PaymentMethodFields paymentMethod={paymentMethod} />}
    </RecordForm>
  );
}

function PaymentMethodFields({ paymentMethod }: { paymentMethod: PaymentMethod | undefined }) {
  const navigate = useNavigate();
  const save = useSaveMutation({
    save: (values: PaymentMethodFormValues) => {
      const data = paymentMethodFormToPayload(values);
      return paymentMethod ? updatePaymentMethod(paymentMethod.documentId, data) : createPaymentMethod(data);
    },
    successMessage: paymentMethod ? 'Meio de pagamento atualizado com sucesso' : 'Meio de pagamento criado com sucesso',
    errorMessage: paymentMethod ? 'Erro ao atualizar meio de pagamento' : 'Erro ao criar meio de pagamento',
    invalidate: paymentMethodKeys.all(),
    onSaved: () => navigate({ to: '/payment-methods', search: { page: 1, pageSize: 10 } }),
  });
  const form = useAppForm({
    defaultValues: paymentMethodToForm(paymentMethod),
    // submit first, then again on every change: fixing one field clears its message (and a message on another field
    // no longer blocks the next Salvar)
    validationLogic: revalidateLogic(),
    validators: { onDynamic: paymentMethodFormSchema },
    onSubmit: ({ value }) => save.submit(value),
  });
  return (
    <form.AppForm>
      <form.RecordFormPage title={paymentMethod ? 'Editar meio de pagamento' : 'Novo meio de pagamento'} backTo={{ to: '/payment-methods' }}>
        <form.AppField name="name">{(f) => <f.TextField label="Nome" required />}</form.AppField>
        <form.AppField name="max_installments">{(f) => <f.IntegerField label="Número máximo de parcelas" min={0} />}</form.AppField>
        <form.AppField name="interest_tax">{(f) => <f.PercentField label="Taxa de juros (%)" />}</form.AppField>
        <form.AppField name="is_online_payment">{(f) => <f.SwitchField label="Pagamento online" />}</form.AppField>
        <form.AppField name="is_active">{(f) => <f.SwitchField label="Ativo" />}</form.AppField>
      </form.RecordFormPage>
    </form.AppForm>
  );
}
