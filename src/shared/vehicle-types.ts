// zod/mini: see lib/api/strapi.ts.
import * as z from 'zod/mini';
import { strapiIdSchema } from '@/lib/api/strapi';
import { lookupQuery } from './lookup';

/** A vehicle type as a select option (spec 001 §3 "Vehicle type"). */
export const vehicleTypeRefSchema = z.looseObject({
  id: strapiIdSchema,
  documentId: z.optional(z.string()),
  name: z.string(),
  is_active: z.nullish(z.boolean()),
});
export type VehicleTypeRef = z.infer<typeof vehicleTypeRefSchema>;

/** Up to 100 vehicle types for the sales item select (spec 001 §7, §9), by name. */
export const vehicleTypeOptions = () => lookupQuery<VehicleTypeRef>('/vehicle-types', ['options'], { sort: ['name:asc'] }, vehicleTypeRefSchema);
