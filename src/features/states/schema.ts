import { z } from 'zod';

/** A state (UF) as GET /states answers it (spec 000 §3 "State": id, documentId, name, abbreviation, createdAt). */
export const stateSchema = z.looseObject({
  id: z.number(),
  documentId: z.string(),
  name: z.string(),
  abbreviation: z.string(),
  createdAt: z.string().nullish(),
});
export type State = z.infer<typeof stateSchema>;

/**
 * The state form (spec 000 §5 "State form"): name at least 2 characters (the spec gives no text:
 * docs/decisions.md), abbreviation exactly 2 ('A sigla deve ter exatamente 2 caracteres'), kept
 * upper case (the field upper-cases as typed; this schema upper-cases what it sends).
 */
export const stateFormSchema = z.object({
  name: z.string().trim().min(2, 'Nome deve ter pelo menos 2 caracteres'),
  abbreviation: z
    .string()
    .trim()
    .length(2, 'A sigla deve ter exatamente 2 caracteres')
    .transform((s) => s.toUpperCase()),
});
export type StateFormValues = z.input<typeof stateFormSchema>;

/** The form values of a loaded state (edit) or of a new one. */
export const stateToForm = (state?: State): StateFormValues => ({ name: state?.name ?? '', abbreviation: state?.abbreviation ?? '' });
