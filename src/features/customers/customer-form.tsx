import { revalidateLogic } from '@tanstack/react-form';
import { useNavigate } from '@tanstack/react-router';
import { RecordForm, useSaveMutation } from '@/components/form';
import { useMaskedAppForm } from '@/components/form/masked-form';
import { isApiError } from '@/lib/api';
import { documentMessage } from '@/lib/document';
import { createCustomer, customerKeys, customerQueries, updateCustomer } from './api';
import { customerFormSchema, customerFormToPayload, customerToForm, type Customer, type CustomerFormValues } from './schema';

/**
 * 'Novo cliente' / 'Editar cliente' (spec 001 §2, §5 "Customer", §8): Nome (≥ 2), CPF/CNPJ
 * (masked as typed, sent bare; the check-digit message shows when the field is left), Email
 * (valid or empty → null), Telefone (masked, sent as digits). A failed load toasts 'Erro ao
 * carregar cliente' and returns to /customers; a failed save shows the server's message
 * ('CPF/CNPJ já cadastrado', ...) or 'Erro ao criar cliente' / 'Erro ao atualizar cliente'.
 */
export function CustomerForm({ id, mode }: { id?: string; mode: 'new' | 'edit' }) {
  return (
    <RecordForm
      mode={mode}
      id={id}
      query={customerQueries.detail}
      titles={{ new: 'Novo cliente', edit: 'Editar cliente' }}
      backTo={{ to: '/customers' }}
      loadErrorTitle="Erro ao carregar cliente"
      loadErrorDescription={(error) => (isApiError(error) && error.status === 404 ? 'Cliente não encontrado.' : error.message)}
    >
      {(customer) => <CustomerFields customer={customer} />}
    </RecordForm>
  );
}

function CustomerFields({ customer }: { customer: Customer | undefined }) {
  const navigate = useNavigate();
  const save = useSaveMutation({
    save: (values: CustomerFormValues) => {
      const data = customerFormToPayload(values);
      return customer ? updateCustomer(customer.documentId, data) : createCustomer(data);
    },
    successMessage: customer ? 'Cliente atualizado com sucesso' : 'Cliente criado com sucesso',
    errorMessage: customer ? 'Erro ao atualizar cliente' : 'Erro ao criar cliente',
    invalidate: customerKeys.all(),
    onSaved: () => navigate({ to: '/customers', search: { page: 1, pageSize: 10 } }),
  });
  const form = useMaskedAppForm({
    defaultValues: customerToForm(customer),
    // submit first, then again on every change: fixing one field clears its message (and a message on another field
    // no longer blocks the next Salvar)
    validationLogic: revalidateLogic(),
    validators: { onDynamic: customerFormSchema },
    onSubmit: ({ value }) => save.submit(value),
  });
  return (
    <form.AppForm>
      <form.RecordFormPage title={customer ? 'Editar cliente' : 'Novo cliente'} backTo={{ to: '/customers' }}>
        <form.AppField name="name">{(f) => <f.TextField label="Nome" required />}</form.AppField>
        <form.AppField name="cpf_cnpj" validators={{ onBlur: ({ value }) => documentMessage(value) }}>
          {(f) => <f.DocumentField label="CPF/CNPJ" required />}
        </form.AppField>
        <form.AppField name="email">{(f) => <f.TextField label="Email" type="email" inputMode="email" autoComplete="off" />}</form.AppField>
        <form.AppField name="phone_number">{(f) => <f.PhoneField label="Telefone" />}</form.AppField>
      </form.RecordFormPage>
    </form.AppForm>
  );
}
