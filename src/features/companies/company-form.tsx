import { useNavigate } from '@tanstack/react-router';
import { RecordForm, useAppForm, useSaveMutation } from '@/components/form';
import { isApiError } from '@/lib/api';
import { stateQueries } from '@/features/states/api';
import { createCompany, companyKeys, companyQueries, updateCompany } from './api';
import { companyFormSchema, companyFormToPayload, companyToForm, type Company, type CompanyFormValues } from './schema';

/**
 * 'Nova concessionária' / 'Editar concessionária' (spec 001 §2 "Dealerships", §5 "Company form",
 * §8), back to /companies: Nome Fantasia, Razão Social, CNPJ (00.000.000/0000-00, the alphanumeric
 * CNPJ too), E-mail, Telefone ((00) 0000-0000 / (00) 00000-0000), Endereço, Número, CEP
 * (00000-000), Cidade, Estado ('abbreviation - name', up to 100) and the Ativa/Inativa switch;
 * masked values are sent bare. A failed load toasts 'Erro ao carregar empresa' and goes back to
 * the list; a save toasts 'Empresa criada/atualizada com sucesso' or the server's message (else
 * 'Não foi possível criar/atualizar a empresa') and returns to the list when it succeeds.
 */
export function CompanyForm({ id, mode }: { id?: string; mode: 'new' | 'edit' }) {
  return (
    <RecordForm
      mode={mode}
      id={id}
      query={companyQueries.detail}
      titles={{ new: 'Nova concessionária', edit: 'Editar concessionária' }}
      backTo={{ to: '/companies' }}
      loadErrorTitle="Erro ao carregar empresa"
      loadErrorDescription={(error) => (isApiError(error) && error.status === 404 ? 'Empresa não encontrada' : error.message)}
    >
      {(company) => <CompanyFields company={company} />}
    </RecordForm>
  );
}

function CompanyFields({ company }: { company: Company | undefined }) {
  const navigate = useNavigate();
  const save = useSaveMutation({
    save: (values: CompanyFormValues) => {
      const data = companyFormToPayload(values);
      return company ? updateCompany(company.documentId, data) : createCompany(data);
    },
    successMessage: company ? 'Empresa atualizada com sucesso' : 'Empresa criada com sucesso',
    errorMessage: company ? 'Não foi possível atualizar a empresa' : 'Não foi possível criar a empresa',
    invalidate: companyKeys.all(),
    onSaved: () => navigate({ to: '/companies', search: { page: 1, pageSize: 10 } }),
  });
  const form = useAppForm({
    defaultValues: companyToForm(company),
    validators: { onSubmit: companyFormSchema },
    onSubmit: ({ value }) => save.submit(value),
  });
  const title = company ? 'Editar concessionária' : 'Nova concessionária';
  const current = company?.address_state_id;
  return (
    <form.AppForm>
      <form.RecordFormPage title={title} backTo={{ to: '/companies' }}>
        <form.AppField name="trade_name">{(f) => <f.TextField label="Nome Fantasia" required maxLength={150} />}</form.AppField>
        <form.AppField name="legal_name">{(f) => <f.TextField label="Razão Social" maxLength={150} />}</form.AppField>
        <form.AppField name="cnpj">{(f) => <f.DocumentField label="CNPJ" required cnpjOnly />}</form.AppField>
        <form.AppField name="email">{(f) => <f.TextField label="E-mail" type="email" maxLength={100} />}</form.AppField>
        <form.AppField name="phone_number">{(f) => <f.PhoneField label="Telefone" />}</form.AppField>
        <form.AppField name="address_street">{(f) => <f.TextField label="Endereço" maxLength={150} />}</form.AppField>
        <form.AppField name="address_number">{(f) => <f.TextField label="Número" maxLength={10} />}</form.AppField>
        <form.AppField name="address_postal_code">{(f) => <f.CepField label="CEP" />}</form.AppField>
        <form.AppField name="address_city">{(f) => <f.TextField label="Cidade" maxLength={100} />}</form.AppField>
        <form.AppField name="address_state_id">
          {(f) => (
            <f.QuerySelectField
              label="Estado"
              required
              query={stateQueries.options()}
              optionLabel={(s) => `${s.abbreviation} - ${s.name}`}
              current={current ? { ...current, name: current.name ?? '', abbreviation: current.abbreviation ?? '', documentId: '' } : null}
              emptyLabel="Selecione o estado"
            />
          )}
        </form.AppField>
        <form.AppField name="is_active">{(f) => <f.SwitchField label={f.state.value ? 'Ativa' : 'Inativa'} />}</form.AppField>
      </form.RecordFormPage>
    </form.AppForm>
  );
}
