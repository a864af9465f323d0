import * as z from 'zod/mini';

/**
 * The zod schemas of the session's answers (spec 000 §3, §7), loaded by api.ts with the first
 * call, so no page (not even /login) downloads zod before it talks to the server.
 */

/** The signed-in user as `GET /users/me?populate=role` returns it (spec 000 §3 User). */
export const sessionUserSchema = z.looseObject({
  id: z.number(),
  documentId: z.optional(z.string()),
  username: z.string(),
  email: z.nullish(z.string()),
  name: z.nullish(z.string()),
  type: z.nullish(z.string()),
  phone_number: z.nullish(z.string()),
  blocked: z.nullish(z.boolean()),
  role: z.nullish(z.looseObject({ id: z.number(), name: z.string(), type: z.nullish(z.string()), description: z.nullish(z.string()) })),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

const actionSchema = z.looseObject({ enabled: z.boolean(), policy: z.optional(z.string()) });
const treeSchema = z.record(z.string(), z.looseObject({ controllers: z.record(z.string(), z.record(z.string(), actionSchema)) }));
export const roleAnswerSchema = z.object({
  role: z.looseObject({ id: z.number(), name: z.string(), permissions: z._default(treeSchema, {}) }),
});

/** POST /auth/local answer. */
export const jwtAnswerSchema = z.looseObject({ jwt: z.string() });
