import { useStore } from '@tanstack/react-form';
import { useMutation, useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { ToOptions } from '@tanstack/react-router';
import { FormPage, type FormPageProps } from '@/components/layout/form-page';
import { toast } from '@/components/ui/toast';
import { errorMessage, isNoAnswer } from '@/lib/api/errors';
import { conflictVersion, recordVersion } from '@/lib/api/edit-version';
import type { FieldDisplays, FormValues } from '@/lib/edit-conflict';
import { useEditVersion, type EditConflictControl } from './edit-conflict';
import { createFieldDisplayRegistry, FieldDisplayContext } from './field-displays';
import { useFormContext } from './form-context';

/** The edit of an existing record, for its version (docs/frontend.md "Edits that never overwrite a colleague's"). */
export interface EditOf<TValues, TRecord, TKey extends QueryKey = QueryKey> {
  /** The record as the form loaded it: its `updatedAt` is the version every save sends (`If-Match`). */
  record: TRecord;
  /** Its form values (the form's `defaultValues`). */
  toForm: (record: TRecord) => TValues;
  /** Its detail query (`salesOrderQueries.detail(documentId)`): read again, fresh, after a refused save. */
  detail: UseQueryOptions<TRecord, Error, TRecord, TKey>;
}

export interface SaveMutationOptions<TValues, TRecord = unknown, TKey extends QueryKey = QueryKey> {
  /**
   * Creates or updates the record (a write function of the feature's `api.ts`); `version` is the
   * version of the record the user started from, to send as `If-Match` (undefined for a new record).
   */
  save: (values: TValues, version?: string) => Promise<unknown>;
  /** Success toast text of the spec ('Pedido criado com sucesso'), titled 'Sucesso'; none when absent (`onSaved` toasts). */
  successMessage?: string;
  /** Failure toast text of the spec, used when the server sent no message of its own; titled 'Erro'. */
  errorMessage: string;
  /** Query key prefix to refetch after saving (the resource's `keys.all()`). */
  invalidate: QueryKey;
  /** Where to go once saved (usually back to the list, with its typed search); gets what `save` resolved with. */
  onSaved: (result: unknown) => unknown;
  /** An edit (undefined for a new record): saves carry its version, a refused save opens the choice. */
  edit?: EditOf<TValues, TRecord, TKey> | undefined;
  /**
   * A save that got no answer (offline) is queued by `queue` instead of failing (an order's edit:
   * the outbox), and 'Aguardando envio' `queuedMessage` is shown; `queue` gets the values, the
   * version and the values it holds, and how the form's fields read.
   */
  offline?: { queue: (edit: QueuedEdit<TValues>) => Promise<void>; queuedMessage: string } | undefined;
}

/** What an offline save hands to its queue. */
export interface QueuedEdit<TValues> {
  values: TValues;
  version: string | undefined;
  base: FormValues;
  fields: FieldDisplays;
}

/** What a queued save resolves with. */
const QUEUED = Symbol('queued');

/**
 * The save mutation of a record form. Its texts travel in `meta` (`successMessage`,
 * `errorMessage`): the app's MutationCache (lib/query-client.ts) shows both toasts.
 * `submit(values)` never throws: a failure is reported, the form stays as typed.
 * With `edit`, every save sends the version the user started from; a save refused because the
 * record changed since reads the record again and opens `conflict` (pass it to `RecordFormPage`)
 * instead of a toast.
 */
export function useSaveMutation<TValues, TRecord = unknown, TKey extends QueryKey = QueryKey>({
  save,
  successMessage,
  errorMessage: failure,
  invalidate,
  onSaved,
  edit,
  offline,
}: SaveMutationOptions<TValues, TRecord, TKey>) {
  const queryClient = useQueryClient();
  const version = useEditVersion(edit ? () => ({ version: recordVersion(edit.record), values: edit.toForm(edit.record) as FormValues }) : undefined);
  const mutation = useMutation({
    mutationFn: async (values: TValues) => {
      const at = version.version();
      try {
        return await save(values, at);
      } catch (error) {
        if (!offline || !isNoAnswer(error)) throw error;
        await offline.queue({ values, version: at, base: version.base(), fields: version.control.registry.snapshot() });
        return QUEUED;
      }
    },
    // a queueing save runs offline too (it queues); its success toast says which happened
    ...(offline ? { networkMode: 'always' as const } : {}),
    meta: { ...(successMessage && !offline ? { successMessage } : {}), errorMessage: failure, ignoreEditConflicts: Boolean(edit) },
    onSuccess: async (result) => {
      if (offline && result === QUEUED) toast({ title: 'Aguardando envio', description: offline.queuedMessage });
      else if (offline && successMessage) toast({ title: 'Sucesso', description: successMessage });
      await queryClient.invalidateQueries({ queryKey: invalidate });
      await onSaved(result);
    },
  });
  /** After a refused save: the record now, then the choice; a failed read is the refusal's toast. */
  const refused = async (values: TValues, error: unknown) => {
    if (!edit || !conflictVersion(error)) return;
    try {
      const now = await queryClient.fetchQuery({ ...edit.detail, staleTime: 0 });
      version.refused(values as FormValues, edit.toForm(now) as FormValues, recordVersion(now) ?? conflictVersion(error));
    } catch {
      toast({ title: 'Erro', description: errorMessage(error, failure), variant: 'destructive' });
    }
  };
  return {
    mutation,
    /** The conflict state for `RecordFormPage`'s `conflict`. */
    conflict: version.control,
    submit: (values: TValues) =>
      mutation.mutateAsync(values).then(
        () => undefined,
        (error: unknown) => refused(values, error),
      ),
  };
}

/** The choice after a refused save: Ark's dialog and the table load with the first refusal, not with every form. */
const EditConflictDialog = lazy(() => import('./edit-conflict-dialog'));

/**
 * The FormPage of the current form (a form component of `useAppForm`, used inside
 * `<form.AppForm>`): Salvar submits the form, 'Salvando...' while it submits. Its fields tell it
 * how they read; with `conflict` (the save's, `useSaveMutation`), a refused save shows theirs vs
 * mine and the choice (edit-conflict.tsx).
 */
export function RecordFormPage({ conflict, ...props }: Omit<FormPageProps, 'onSubmit' | 'isSubmitting'> & { conflict?: EditConflictControl | undefined }) {
  const form = useFormContext();
  const isSubmitting = useStore(form.store, (s) => s.isSubmitting);
  const [own] = useState(createFieldDisplayRegistry);
  const registry = conflict?.registry ?? own;
  return (
    <FieldDisplayContext.Provider value={registry}>
      <FormPage {...props} onSubmit={form.handleSubmit} isSubmitting={isSubmitting} />
      {conflict?.conflict ? (
        <Suspense fallback={null}>
          <EditConflictDialog control={conflict} displays={registry.snapshot} />
        </Suspense>
      ) : null}
    </FieldDisplayContext.Provider>
  );
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
