/**
 * Actions the server reserves to administrators although a role may hold their permission
 * (docs/decisions.md "Actions reserved to administrators"): a non-administrator sees the control
 * disabled, with the reason below as its description and tooltip. Each text is the server's own
 * refusal, so the disabled control and a refused call (a session gone stale) say the same.
 */
export const ADMIN_ONLY_REASONS = {
  /** The users' status switch and the profile's active switch (PUT /users/{id} `blocked`). */
  blockUser: 'Apenas administradores podem bloquear ou desbloquear usuários.',
  /** Excluir on /companies (DELETE /companies/{id}). */
  deleteCompany: 'Apenas administradores podem excluir empresas.',
  /** Excluir on a dispatcher's details (DELETE /companies/deleteDispatcher/{id}). */
  deleteDispatcher: 'Apenas administradores podem excluir despachantes.',
} as const;
