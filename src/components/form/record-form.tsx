import { useStore } from '@tanstack/react-form';
import { useMutation, useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ToOptions } from '@tanstack/react-router';
import { FormPage, type FormPageProps } from '@/components/layout/form-page';
import { useFormContext } from './form-context';

export interface SaveMutationOptions<TValues> {
  /** Creates or updates the record (a write function of the feature's `api.ts`). */
  save: (values: TValues) => Promise<unknown>;
  /** Success toast text of the spec ('Pedido criado com sucesso'), titled 'Sucesso'. */
  successMessage: string;
  /** Failure toast text of the spec, used when the server sent no message of its own; titled 'Erro'. */
  errorMessage: string;
  /** Query key prefix to refetch after saving (the resource's `keys.all()`). */
  invalidate: QueryKey;
  /** Where to go once saved (usually back to the list, with its typed search). */
  onSaved: () => unknown;
}

/**
 * The save mutation of a record form. Its texts travel in `meta` (`successMessage`,
 * `errorMessage`): the app's MutationCache (lib/query-client.ts) shows both toasts.
 * `submit(values)` never throws: a failure is reported, the form stays as typed.
 */
export function useSaveMutation<TValues>({ save, successMessage, errorMessage: failure, invalidate, onSaved }: SaveMutationOptions<TValues>) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: save,
    meta: { successMessage, errorMessage: failure },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: invalidate });
      await onSaved();
    },
  });
  return {
    mutation,
    submit: (values: TValues) =>
      mutation.mutateAsync(values).then(
        () => undefined,
        () => undefined,
      ),
  };
}

/**
 * The FormPage of the current form (a form component of `useAppForm`, used inside
 * `<form.AppForm>`): Salvar submits the form, 'Salvando...' while it submits.
 */
export function RecordFormPage(props: Omit<FormPageProps, 'onSubmit' | 'isSubmitting'>) {
  const form = useFormContext();
  const isSubmitting = useStore(form.store, (s) => s.isSubmitting);
  return <FormPage {...props} onSubmit={form.handleSubmit} isSubmitting={isSubmitting} />;
}

export interface RecordFormProps<TRecord, TKey extends QueryKey = QueryKey> {
  mode: 'new' | 'edit';
  /** The record's id from the URL (edit mode). */
  id?: string | undefined;
  /** The detail query of an id (`salesOrderQueries.detail`). */
  query: (id: string) => UseQueryOptions<TRecord, Error, TRecord, TKey>;
  /** 'Novo …' / 'Editar …' (spec 000 §2.5). */
  titles: { new: string; edit: string };
  /** The list to go back to. */
  backTo: ToOptions;
  /** Toast title when the record cannot be loaded (then the user goes back to the list). */
  loadErrorTitle: string;
  /** Toast text for the load error (e.g. 'Pedido não encontrado.' on a 404, else the server message). */
  loadErrorDescription: (error: Error) => string;
  /** The form body, given the loaded record (undefined when new); remounted per record. */
  children: (record: TRecord | undefined) => ReactNode;
}

/**
 * Loads the record of an edit screen, shows 'Carregando...' meanwhile, and on a failed load
 * shows the spec's toast and returns to the list (FormPage); then renders the form body
 * with the record. A new record renders the body at once.
 */
export function RecordForm<TRecord extends { documentId?: string }, TKey extends QueryKey = QueryKey>({
  mode,
  id,
  query: detail,
  titles,
  backTo,
  loadErrorTitle,
  loadErrorDescription,
  children,
}: RecordFormProps<TRecord, TKey>) {
  const query = useQuery({ ...detail(id ?? ''), enabled: mode === 'edit' && Boolean(id) });
  if (mode === 'edit' && !query.data) {
    return (
      <FormPage
        title={titles.edit}
        backTo={backTo}
        onSubmit={() => {}}
        isLoading
        loadError={query.error ?? undefined}
        loadErrorTitle={loadErrorTitle}
        loadErrorDescription={query.error ? loadErrorDescription(query.error) : undefined}
      >
        {null}
      </FormPage>
    );
  }
  const record = mode === 'edit' ? query.data : undefined;
  return <Keyed key={record?.documentId ?? 'new'}>{children(record)}</Keyed>;
}

function Keyed({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
