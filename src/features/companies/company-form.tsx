import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { ToOptions } from '@tanstack/react-router';
import { useNavigate } from '@tanstack/react-router';
import { RecordForm, useSaveMutation } from '@/components/form';
import { useMaskedAppForm } from '@/components/form/masked-form';
import { stateOptions } from '@/shared/states';
import { ApiError, isApiError } from '@/lib/api';
import { dispatcherDetail, dispatcherKeysRoot } from '@/shared/companies';
import { companyData, createDispatcher, dispatcherTakenMessage } from './api';
import { companyResource } from './resource';
import { companyFormSchemaFor, companyFormToPayload, companyToForm, type Company, type CompanyFormValues, type CompanyKind } from './schema';

/** The detail query of a company or a dispatcher (a dispatcher is a company: the same record shape). */
type CompanyDetail = (id: string) => UseQueryOptions<Company, Error, Company, QueryKey>;

/** What differs between the dealership and the dispatcher forms (spec 001 §2, §8). */
const KINDS = {
  company: {
    titles: { new: 'Nova concessionária', edit: 'Editar concessionária' },
    loadErrorTitle: 'Erro ao carregar empresa',
    notFound: () => 'Empresa não encontrada',
    saved: { created: 'Empresa criada com sucesso', updated: 'Empresa atualizada com sucesso' },
    // spec 001 §8: the service's fallbacks (docs/decisions.md "Save failures: the service's fallback")
    failed: { created: 'Erro ao criar empresa', updated: 'Erro ao atualizar empresa' },
  },
  dispatcher: {
    titles: { new: 'Novo despachante', edit: 'Editar despachante' },
    loadErrorTitle: 'Erro ao carregar despachante',
    notFound: (id: string) => `Despachante com ID ${id} não encontrado`,
    saved: { created: 'Despachante criado com sucesso', updated: 'Despachante atualizado com sucesso' },
    // the spec names no service fallback for dispatchers: the screen's
    failed: { created: 'Não foi possível criar o despachante', updated: 'Não foi possível atualizar o despachante' },
  },
} as const;

/**
 * The company form in its two kinds (spec 001 §2 "Dealerships" / "Dispatchers", §5, §8):
 * 'Nova/Editar concessionária' (back to /companies) and 'Novo/Editar despachante' (back to
 * /despachantes; "same fields as the company form", looser rules). Fields: Nome Fantasia, Razão
 * Social, CNPJ (00.000.000/0000-00, the alphanumeric CNPJ too), E-mail, Telefone ((00) 0000-0000 /
 * (00) 00000-0000), Endereço, Número, CEP (00000-000), Cidade, Estado ('abbreviation - name', up to
 * 100) and the Ativa/Inativa switch; masked values are sent bare. A failed load toasts 'Erro ao
 * carregar empresa' / 'Erro ao carregar despachante' ('Despachante com ID {id} não encontrado',
 * 'Registro encontrado não é um despachante.') and goes back to the list. A new dispatcher goes
 * through createDispatcher after the CNPJ and e-mail existence checks. Saves toast
 * 'Empresa/Despachante criado(a)/atualizado(a) com sucesso' or the server's message (else the
 * spec's 'Erro ao criar/atualizar empresa', 'Não foi possível criar/atualizar o despachante') and
 * return to the list.
 */
export function CompanyForm({
  id,
  mode,
  kind = 'company',
  list = { to: companyResource.list.route, search: { page: 1, pageSize: 10 } } as ToOptions,
}: {
  id?: string;
  mode: 'new' | 'edit';
  kind?: CompanyKind;
  /** The list to go back to: the dealerships' by default; the dispatcher routes give theirs. */
  list?: ToOptions;
}) {
  const k = KINDS[kind];
  const frame = {
    mode,
    id,
    titles: k.titles,
    backTo: list,
    loadErrorTitle: k.loadErrorTitle,
    loadErrorDescription: (error: Error) => (isApiError(error) && error.status === 404 ? k.notFound(id ?? '') : error.message),
  };
  return kind === 'dispatcher' ? (
    <RecordForm {...frame} query={dispatcherDetail}>
      {(dispatcher) => <CompanyFields company={dispatcher} kind={kind} list={list} detail={dispatcherDetail as CompanyDetail} />}
    </RecordForm>
  ) : (
    <RecordForm {...frame} query={companyData.detail}>
      {(company) => <CompanyFields company={company} kind={kind} list={list} detail={companyData.detail} />}
    </RecordForm>
  );
}

function CompanyFields({
  company,
  kind,
  list,
  detail,
}: {
  company: Company | undefined;
  kind: CompanyKind;
  list: ToOptions;
  /** The detail query the record was loaded with: read again after a refused save. */
  detail: CompanyDetail;
}) {
  const navigate = useNavigate();
  const k = KINDS[kind];
  const save = useSaveMutation({
    save: async (values: CompanyFormValues, version?: string) => {
      const data = companyFormToPayload(values, kind);
      if (company) return companyData.update(company.documentId, data, version);
      if (kind === 'company') return companyData.create(data);
      const taken = await dispatcherTakenMessage(data.cnpj, data.email);
      if (taken) throw new ApiError({ status: 409, message: taken, hasServerMessage: true });
      return createDispatcher(data);
    },
    successMessage: company ? k.saved.updated : k.saved.created,
    errorMessage: company ? k.failed.updated : k.failed.created,
    invalidate: kind === 'dispatcher' ? dispatcherKeysRoot() : companyData.keys.all(),
    onSaved: () => navigate(list),
    edit: company ? { record: company, toForm: (c: Company) => companyToForm(c), detail: detail(company.documentId) } : undefined,
  });
  const schema = companyFormSchemaFor(kind);
  const form = useMaskedAppForm({
    defaultValues: companyToForm(company),
    validators: { onSubmit: schema },
    onSubmit: ({ value }) => save.submit(value),
  });
  const current = company?.address_state_id;
  return (
    <form.AppForm>
      <form.RecordFormPage title={company ? k.titles.edit : k.titles.new} backTo={list} conflict={company ? save.conflict : undefined}>
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
              query={stateOptions()}
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
