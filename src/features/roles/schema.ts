import { z } from 'zod';
import { strapiIdSchema } from '@/lib/api/strapi';
import type { PermissionTree } from '@/lib/permissions';

/** One action of a permission tree: `{enabled, policy}` (spec 000 §3 "Role"). */
const actionSchema = z.looseObject({ enabled: z.boolean(), policy: z.string().nullish() });

/** A role's permission tree: API key → controllers → actions (spec 000 §3 "Role"). */
export const permissionTreeSchema = z
  .record(z.string(), z.looseObject({ controllers: z.record(z.string(), z.record(z.string(), actionSchema)).default({}) }))
  .transform((tree) => tree as PermissionTree);

/** A role as `GET /users-permissions/roles` lists it (spec 000 §3 "Role"; Strapi adds `nb_users`). */
export const roleSchema = z.looseObject({
  id: strapiIdSchema,
  documentId: z.string().optional(),
  name: z.string(),
  description: z.string().nullish(),
  type: z.string().nullish(),
  nb_users: z.number().optional(),
  createdAt: z.string().nullish(),
});
export type Role = z.infer<typeof roleSchema>;

/** `GET /users-permissions/roles` → `{roles}`. */
export const roleListAnswerSchema = z.object({ roles: z.array(roleSchema) });

/** A role with its permission tree, as `GET /users-permissions/roles/{id}` answers it inside `{role}`. */
export const roleDetailSchema = roleSchema.extend({ permissions: permissionTreeSchema.default({}) });
export type RoleDetail = z.infer<typeof roleDetailSchema>;
export const roleDetailAnswerSchema = z.object({ role: roleDetailSchema });

/** `GET /users-permissions/permissions` → `{permissions}`: every action the server knows, all disabled. */
export const permissionsAnswerSchema = z.object({ permissions: permissionTreeSchema });

/** Role types whose delete action is hidden: public and authenticated (spec 000 §2.7), and the administrators' (docs/decisions.md). */
export const UNDELETABLE_ROLE_TYPES: readonly string[] = ['public', 'authenticated', 'administrador'];

/** True when the list offers delete for this role. */
export const isDeletableRole = (role: Pick<Role, 'type'>) => !UNDELETABLE_ROLE_TYPES.includes(role.type ?? '');

/**
 * The role form (spec 000 §5 "Role form"): name required ('Nome é obrigatório'), description
 * required ('Descrição é obrigatório'), type optional (the form fills it with the lower-cased
 * name while typing). Limits mirror the server (name ≤ 100, description ≤ 255).
 */
export const roleFormSchema = z.object({
  name: z.string().trim().min(1, 'Nome é obrigatório').max(100, 'Nome deve ter no máximo 100 caracteres'),
  description: z.string().trim().min(1, 'Descrição é obrigatório').max(255, 'Descrição deve ter no máximo 255 caracteres'),
  type: z.string().trim().max(100, 'Tipo deve ter no máximo 100 caracteres'),
});
export type RoleFormValues = z.input<typeof roleFormSchema>;

/** The form values of a loaded role (edit) or of a new one. */
export const roleToForm = (role?: Role): RoleFormValues => ({ name: role?.name ?? '', description: role?.description ?? '', type: role?.type ?? '' });

/** What the type field holds after the name changed (spec 000 §2.7: the lower-cased name). */
export const typeFromName = (name: string) => name.toLowerCase();

/**
 * The body of `POST /users-permissions/roles` (spec 000 §7): name, description, type (left out when
 * empty: the server derives it from the name), permissions, users []. @throws ZodError when invalid
 */
export function roleCreatePayload(values: RoleFormValues, permissions: PermissionTree) {
  const { name, description, type } = roleFormSchema.parse(values);
  return { name, description, ...(type ? { type } : {}), permissions, users: [] as number[] };
}

/**
 * The body of `PUT /users-permissions/roles/{id}` (spec 000 §7): name, description, type and the
 * role's current `permissions` — the stock update replaces the whole action set, so the form sends
 * the tree it loaded. @throws ZodError when invalid
 */
export function roleUpdatePayload(values: RoleFormValues, permissions: PermissionTree) {
  const { name, description, type } = roleFormSchema.parse(values);
  return { name, description, ...(type ? { type } : {}), permissions };
}
