import { revalidateLogic } from '@tanstack/react-form';
import { useNavigate, useParams, type ToOptions } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import type * as z from 'zod/mini';
import type { Collection } from '@/lib/api/collection';
import { isApiError } from '@/lib/api/errors';
import { DEFAULT_PAGE_SIZE } from '@/lib/list-search';
import type { EditConflictControl } from './edit-conflict';
import { RecordForm, useSaveMutation } from './record-form';

/** The texts of a register's form (spec 000 §2.5, §8 / spec 001 §5, §8), exactly as the spec writes them. */
export interface RegisterFormTexts {
  /** 'Novo estado' / 'Editar estado'. */
  titles: { new: string; edit: string };
  /** Toast title of a failed load ('Erro ao carregar estado'); its text is `notFound` on a 404, else the server's message. */
  loadFailed: string;
  notFound: string;
  /** Success toasts of a save ('Estado criado com sucesso' / 'Estado atualizado com sucesso'). */
  saved: { created: string; updated: string };
  /** Failure toasts of a save when the server sent no message ('Erro ao criar estado' / 'Erro ao atualizar estado'). */
  failed: { created: string; updated: string };
}

/** What a register's fields component gets: the loaded record, the options for its form hook, and its page's title and back link. */
export interface RegisterFieldsProps<T, S extends z.core.$ZodType> {
  record: T | undefined;
  /**
   * `useAppForm(options)` (or `useMaskedAppForm`): the record's form values, validated by the form
   * schema on submit and then on every change (fixing one field clears its message), submitting saves.
   */
  options: {
    defaultValues: z.input<S>;
    validationLogic: ReturnType<typeof revalidateLogic>;
    validators: { onDynamic: S };
    onSubmit: (props: { value: z.input<S> }) => Promise<void>;
  };
  /** `<form.RecordFormPage {...page}>`: 'Novo …' / 'Editar …', the way back to the list, and an edit's conflict choice. */
  page: { title: string; backTo: ToOptions; conflict?: EditConflictControl | undefined };
}

export interface RegisterFormProps<T extends { documentId: string }, S extends z.core.$ZodType> {
  /** The register's data layer (lib/api/collection.ts). */
  data: Collection<T>;
  /** 'edit' with the record's documentId; default the route's `$id` param (edit) or none (new). */
  mode?: 'new' | 'edit';
  id?: string;
  /** The form schema: it validates the form, and its parsed output is the `{data}` sent. */
  schema: S;
  /** The form values of a loaded record (edit) or of a new one. */
  toForm: (record?: T) => z.input<S>;
  texts: RegisterFormTexts;
  /** The register's fields (a component of `useAppForm` over `options`, see {@link RegisterFieldsProps}). */
  fields: ComponentType<RegisterFieldsProps<T, S>>;
}

/**
 * The form screen of a register: loads the record of an edit (a failed load toasts and returns to
 * the list), saves with POST or PUT `{data}` (the form schema's output; an edit with its version, a
 * refused edit opening the choice of edit-conflict.tsx), toasts the spec's texts,
 * refreshes the register's queries and returns to its list. What a register adds is its fields.
 */
export function RegisterForm<T extends { documentId: string }, S extends z.core.$ZodType>(props: RegisterFormProps<T, S>) {
  const { data, texts } = props;
  const param = useParams({ strict: false }) as { id?: string };
  const id = props.id ?? param.id;
  const mode = props.mode ?? (id ? 'edit' : 'new');
  const backTo = { to: data.resource.list?.route } as ToOptions;
  return (
    <RecordForm
      mode={mode}
      id={id}
      query={data.detail}
      titles={texts.titles}
      backTo={backTo}
      loadErrorTitle={texts.loadFailed}
      loadErrorDescription={(error) => (isApiError(error) && error.status === 404 ? texts.notFound : error.message)}
    >
      {(record) => <RegisterSave {...props} record={record} backTo={backTo} />}
    </RecordForm>
  );
}

function RegisterSave<T extends { documentId: string }, S extends z.core.$ZodType>({
  data,
  schema,
  toForm,
  texts,
  fields: Fields,
  record,
  backTo,
}: RegisterFormProps<T, S> & { record: T | undefined; backTo: ToOptions }) {
  const navigate = useNavigate();
  const save = useSaveMutation({
    save: (values: z.input<S>, version?: string) => {
      // the schema already validated these values (zod, classic or mini: both parse)
      const payload = (schema as unknown as { parse(value: unknown): unknown }).parse(values);
      return record ? data.update(record.documentId, payload, version) : data.create(payload);
    },
    edit: record ? { record, toForm, detail: data.detail(record.documentId) } : undefined,
    successMessage: record ? texts.saved.updated : texts.saved.created,
    errorMessage: record ? texts.failed.updated : texts.failed.created,
    invalidate: data.keys.all(),
    onSaved: () => navigate({ ...backTo, search: { page: 1, pageSize: data.resource.list?.pageSize ?? DEFAULT_PAGE_SIZE } } as ToOptions),
  });
  return (
    <Fields
      record={record}
      options={{
        defaultValues: toForm(record),
        validationLogic: revalidateLogic(),
        validators: { onDynamic: schema },
        onSubmit: ({ value }) => save.submit(value),
      }}
      page={{ title: record ? texts.titles.edit : texts.titles.new, backTo, conflict: record ? save.conflict : undefined }}
    />
  );
}
