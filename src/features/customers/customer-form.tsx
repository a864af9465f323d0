import { RegisterForm, type RegisterFieldsProps } from '@/components/form';
import { useMaskedAppForm } from '@/components/form/masked-form';
import { documentMessage } from '@/lib/document';
import { customerData } from './api';
import { customerFormSchema, customerToForm, type Customer } from './schema';

/**
 * 'Novo cliente' / 'Editar cliente' (spec 001 §2, §5 "Customer", §8): Nome (≥ 2), CPF/CNPJ
 * (masked as typed, sent bare; the check-digit message shows when the field is left), Email
 * (valid or empty → null), Telefone (masked, sent as digits).
 */
export function CustomerForm() {
  return (
    <RegisterForm
      data={customerData}
      schema={customerFormSchema}
      toForm={customerToForm}
      fields={CustomerFields}
      texts={{
        titles: { new: 'Novo cliente', edit: 'Editar cliente' },
        loadFailed: 'Erro ao carregar cliente',
        notFound: 'Cliente não encontrado.',
        saved: { created: 'Cliente criado com sucesso', updated: 'Cliente atualizado com sucesso' },
        failed: { created: 'Erro ao criar cliente', updated: 'Erro ao atualizar cliente' },
      }}
    />
  );
}

function CustomerFields({ options, page }: RegisterFieldsProps<Customer, typeof customerFormSchema>) {
  const form = useMaskedAppForm(options);
  return (
    <form.AppForm>
      <form.RecordFormPage {...page}>
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
