// zod/mini: see lib/api/strapi.ts.
import * as z from 'zod/mini';
import { strapiIdSchema } from '@/lib/api/strapi';
import { documentTypeSchema } from '@/shared/document-types';

/** Document types (spec 000 §2.10): the record the screen lists and its form (the reference schema is shared). */

/** A user relation of a document type: populated (`{id, name, trade_name?, legal_name?}`), a bare id, or null. */
const partyRefSchema = z.union([
  z.looseObject({ id: strapiIdSchema, name: z.nullish(z.string()), trade_name: z.nullish(z.string()), legal_name: z.nullish(z.string()) }),
  strapiIdSchema,
  z.null(),
]);

/** A document type as the screen lists it (spec 000 §3 "Document type": name, user_dispatcher_id, user_company_id). */
export const documentTypeRecordSchema = z.extend(documentTypeSchema, {
  documentId: z.string(),
  user_dispatcher_id: z.optional(partyRefSchema),
  user_company_id: z.optional(partyRefSchema),
});
export type DocumentTypeRecord = z.infer<typeof documentTypeRecordSchema>;

/** The id of a relation value (populated or bare), or undefined. */
export function partyId(ref: DocumentTypeRecord['user_dispatcher_id']): number | undefined {
  if (ref == null) return undefined;
  return typeof ref === 'object' ? Number(ref.id) : Number(ref);
}

/** Display of a relation (spec 000 §3: name, trade_name or legal_name); '-' when missing. */
export function partyName(ref: DocumentTypeRecord['user_dispatcher_id']): string {
  if (ref == null || typeof ref !== 'object') return '-';
  return ref.name || ref.trade_name || ref.legal_name || '-';
}

/** Texts of spec 000 §5 "Document type form" for a selection missing from the loaded list. */
export const INVALID_DISPATCHER = 'Despachante selecionado é inválido. Selecione uma opção válida.';
export const INVALID_COMPANY = 'Concessionária selecionada é inválida. Selecione uma opção válida.';

/**
 * The document-type form (spec 000 §5): dispatcher, dealership and name required (the spec gives
 * no texts for these: 'Selecione um despachante.', 'Selecione uma concessionária.', 'Nome é
 * obrigatório' are ours), and both ids must be in the loaded select lists (the spec's two
 * invalid-selection texts). Ids are strings as the selects hold them ('' = none).
 */
export const documentTypeFormSchema = (dispatcherIds: ReadonlySet<number>, companyIds: ReadonlySet<number>) =>
  z.object({ name: z.string().check(z.trim(), z.minLength(1, 'Nome é obrigatório')), user_dispatcher_id: z.string(), user_company_id: z.string() }).check(
    z.superRefine((v, ctx) => {
      if (!v.user_dispatcher_id) ctx.addIssue({ code: 'custom', path: ['user_dispatcher_id'], message: 'Selecione um despachante.' });
      else if (!dispatcherIds.has(Number(v.user_dispatcher_id))) ctx.addIssue({ code: 'custom', path: ['user_dispatcher_id'], message: INVALID_DISPATCHER });
      if (!v.user_company_id) ctx.addIssue({ code: 'custom', path: ['user_company_id'], message: 'Selecione uma concessionária.' });
      else if (!companyIds.has(Number(v.user_company_id))) ctx.addIssue({ code: 'custom', path: ['user_company_id'], message: INVALID_COMPANY });
    }),
  );
export type DocumentTypeFormValues = z.input<ReturnType<typeof documentTypeFormSchema>>;

/** Form values of a loaded record (edit) or of a new one. */
export const documentTypeToForm = (record?: DocumentTypeRecord): DocumentTypeFormValues => ({
  name: record?.name ?? '',
  user_dispatcher_id: String(partyId(record?.user_dispatcher_id) ?? ''),
  user_company_id: String(partyId(record?.user_company_id) ?? ''),
});

/** `{name, user_dispatcher_id, user_company_id}` (numeric ids) for `{data}` of POST/PUT /document-types. */
export const documentTypeFormToPayload = (values: DocumentTypeFormValues) => ({
  name: values.name.trim(),
  user_dispatcher_id: Number(values.user_dispatcher_id),
  user_company_id: Number(values.user_company_id),
});
