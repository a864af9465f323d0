// zod/mini: see lib/api/strapi.ts.
import * as z from 'zod/mini';
import { strapiIdSchema } from '@/lib/api/strapi';
import { lookupQuery } from './lookup';

/** A state (UF) as a select option or a populated relation (spec 000 §3 "State"). */
export const stateRefSchema = z.looseObject({ id: strapiIdSchema, documentId: z.optional(z.string()), name: z.string(), abbreviation: z.string() });
export type StateRef = z.infer<typeof stateRefSchema>;

/** Up to 100 states for the address selects (spec 000 §9), by name. */
export const stateOptions = () => lookupQuery<StateRef>('/states', ['options'], { sort: ['name:asc'] }, stateRefSchema);
