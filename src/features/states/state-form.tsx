import { useNavigate } from '@tanstack/react-router';
import { RecordForm, useAppForm, useSaveMutation } from '@/components/form';
import { isApiError } from '@/lib/api';
import { createState, stateKeys, stateQueries, updateState } from './api';
import { stateFormSchema, stateFormToPayload, stateToForm, type State, type StateFormValues } from './schema';

/**
 * 'Novo estado' / 'Editar estado' (spec 000 §2.5, §2.9, §5 "State form", §8): Nome (at least 2)
 * and Sigla (exactly 2, upper case as typed). Failures: 'Erro ao criar estado' /
 * 'Erro ao atualizar estado' (or the server's message); back to /states when saved.
 */
export function StateForm({ id, mode }: { id?: string; mode: 'new' | 'edit' }) {
  return (
    <RecordForm
      mode={mode}
      id={id}
      query={stateQueries.detail}
      titles={{ new: 'Novo estado', edit: 'Editar estado' }}
      backTo={{ to: '/states' }}
      loadErrorTitle="Erro ao carregar estado"
      loadErrorDescription={(error) => (isApiError(error) && error.status === 404 ? 'Estado não encontrado.' : error.message)}
    >
      {(state) => <StateFields state={state} />}
    </RecordForm>
  );
}

function StateFields({ state }: { state: State | undefined }) {
  const navigate = useNavigate();
  const save = useSaveMutation({
    save: (values: StateFormValues) => {
      const data = stateFormToPayload(values);
      return state ? updateState(state.documentId, data) : createState(data);
    },
    successMessage: state ? 'Estado atualizado com sucesso' : 'Estado criado com sucesso',
    errorMessage: state ? 'Erro ao atualizar estado' : 'Erro ao criar estado',
    invalidate: stateKeys.all(),
    onSaved: () => navigate({ to: '/states', search: { page: 1, pageSize: 10 } }),
  });
  const form = useAppForm({
    defaultValues: stateToForm(state),
    validators: { onSubmit: stateFormSchema },
    onSubmit: ({ value }) => save.submit(value),
  });
  return (
    <form.AppForm>
      <form.RecordFormPage title={state ? 'Editar estado' : 'Novo estado'} backTo={{ to: '/states' }}>
        <form.AppField name="name">{(f) => <f.TextField label="Nome" required maxLength={100} />}</form.AppField>
        <form.AppField name="abbreviation">{(f) => <f.TextField label="Sigla" required maxLength={2} transform={(t) => t.toUpperCase()} />}</form.AppField>
      </form.RecordFormPage>
    </form.AppForm>
  );
}
