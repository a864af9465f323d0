import { z } from 'zod';

/** A vehicle type as GET /vehicle-types answers it (spec 001 §3 "Vehicle type"). */
export const vehicleTypeSchema = z.looseObject({
  id: z.number(),
  documentId: z.string(),
  name: z.string(),
  description: z.string().nullish(),
  is_active: z.boolean().nullish(),
  createdAt: z.string().nullish(),
});
export type VehicleType = z.infer<typeof vehicleTypeSchema>;

/**
 * The vehicle type form (spec 001 §5 "Vehicle type"): name 2–150 ('Nome é obrigatório' /
 * 'Nome não pode exceder 150 caracteres'), description at most 500 ('Descrição não pode exceder
 * 500 caracteres'), is_active (default true). Text is trimmed; an empty description is sent as null.
 */
export const vehicleTypeFormSchema = z.object({
  name: z.string().trim().min(2, 'Nome é obrigatório').max(150, 'Nome não pode exceder 150 caracteres'),
  description: z
    .string()
    .trim()
    .max(500, 'Descrição não pode exceder 500 caracteres')
    .transform((s) => (s === '' ? null : s)),
  is_active: z.boolean(),
});
export type VehicleTypeFormValues = z.input<typeof vehicleTypeFormSchema>;

/** The form values of a loaded vehicle type (edit) or of a new one (active). */
export const vehicleTypeToForm = (v?: VehicleType): VehicleTypeFormValues => ({
  name: v?.name ?? '',
  description: v?.description ?? '',
  is_active: v ? v.is_active !== false : true,
});
