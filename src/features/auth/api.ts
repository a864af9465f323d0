import { api } from '@/lib/api/client';
import { session } from '@/lib/session';

/** POST /auth/forgot-password `{email}` (spec 000 §7; the answer is not used). @throws ApiError */
export async function requestPasswordReset(email: string): Promise<void> {
  await api.post('/auth/forgot-password', { email });
}

/**
 * Signs in (spec 000 §4 "Login success"): POST /auth/local with the bare CPF/CNPJ, then
 * the user and the role's permissions. Resolves with the user's display name.
 * @throws ApiError (storage is left clean)
 */
export async function signIn(identifier: string, password: string): Promise<{ name: string }> {
  const user = await session.login(identifier, password);
  return { name: user.name?.trim() || 'Usuário' };
}

/**
 * POST /auth/reset-password `{code, password, passwordConfirmation}` (spec 000 §3, §7): sets a new
 * password with the code of the e-mailed link. Does not sign in. @throws ApiError (bad or used code: 400)
 */
export async function resetPassword(input: { code: string; password: string; passwordConfirmation: string }): Promise<void> {
  await api.post('/auth/reset-password', input);
}
