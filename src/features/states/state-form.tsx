import { RegisterForm, useAppForm, type RegisterFieldsProps } from '@/components/form';
import { stateData } from './api';
import { stateFormSchema, stateToForm, type State } from './schema';

/**
 * 'Novo estado' / 'Editar estado' (spec 000 §2.5, §2.9, §5 "State form", §8): Nome (at least 2)
 * and Sigla (exactly 2, upper case as typed).
 */
export function StateForm() {
  return (
    <RegisterForm
      data={stateData}
      schema={stateFormSchema}
      toForm={stateToForm}
      fields={StateFields}
      texts={{
        titles: { new: 'Novo estado', edit: 'Editar estado' },
        loadFailed: 'Erro ao carregar estado',
        notFound: 'Estado não encontrado.',
        saved: { created: 'Estado criado com sucesso', updated: 'Estado atualizado com sucesso' },
        failed: { created: 'Erro ao criar estado', updated: 'Erro ao atualizar estado' },
      }}
    />
  );
}

function StateFields({ options, page }: RegisterFieldsProps<State, typeof stateFormSchema>) {
  const form = useAppForm(options);
  return (
    <form.AppForm>
      <form.RecordFormPage {...page}>
        <form.AppField name="name">{(f) => <f.TextField label="Nome" required maxLength={100} />}</form.AppField>
        <form.AppField name="abbreviation">{(f) => <f.TextField label="Sigla" required maxLength={2} transform={(t) => t.toUpperCase()} />}</form.AppField>
      </form.RecordFormPage>
    </form.AppForm>
  );
}
