import * as z from 'zod/mini';
import { api } from '@/lib/api';

/** The profile's calls (spec 000 §7). */

/**
 * PUT /users/{id} with the fields directly (not wrapped): name, email, phoneNumber, blocked and,
 * when the e-mail changes, currentPassword (the server's rule). The caller refreshes the session user.
 * @throws ApiError ('Não foi possível atualizar o perfil. Tente novamente.' on screen)
 */
export async function updateProfile(
  userId: number,
  body: { name: string; email: string; phoneNumber: string; blocked: boolean; currentPassword?: string },
): Promise<void> {
  await api.put(`/users/${userId}`, body);
}

const changePasswordAnswer = z.looseObject({ ok: z.optional(z.boolean()), jwt: z.optional(z.string()) });

/**
 * POST /users/{id}/change-password {currentPassword, password, passwordConfirmation}. The server
 * kills every earlier token of the user and answers a fresh `jwt` for one's own change.
 * @returns the new jwt, if the server sent one. @throws ApiError (400: wrong current password)
 */
export async function changePassword(
  userId: number,
  body: { currentPassword: string; password: string; passwordConfirmation: string },
): Promise<string | undefined> {
  return (await api.post(`/users/${userId}/change-password`, body, { schema: changePasswordAnswer })).jwt;
}

/**
 * POST /auth/logout-all: the server ends every session of the signed-in user, on every device,
 * this one included (a password change and a block do the same). Answers `{ok: true}`.
 * @throws ApiError (401 when this session had already ended)
 */
export async function endAllSessions(): Promise<void> {
  await api.post('/auth/logout-all', {});
}
