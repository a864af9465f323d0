// zod/mini: see lib/api/strapi.ts.
import * as z from 'zod/mini';

/**
 * The profile's Perfil tab (spec 000 §2.8, §7 "PUT /users/{id}": name, email, phoneNumber,
 * blocked). The spec gives no texts for these fields: the user form's are reused
 * ('Nome completo é obrigatório', 'Email inválido'). The server asks for the current password
 * when one's own e-mail changes (`currentPassword`, docs/decisions.md "Changing one's
 * own credentials"): the field shows only then, and is then required ('Por favor, informe sua senha atual.').
 * `phoneNumber` is digits only (the phone field writes digits).
 */
export const profileFormSchema = (originalEmail: string) =>
  z
    .object({
      name: z.string().check(z.trim(), z.minLength(2, 'Nome completo é obrigatório')),
      email: z.string().check(z.trim(), z.email('Email inválido')),
      phoneNumber: z.string(),
      blocked: z.boolean(),
      currentPassword: z.string(),
    })
    .check(
      z.superRefine((v, ctx) => {
        if (emailChanged(originalEmail, v.email) && !v.currentPassword) {
          ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: 'Por favor, informe sua senha atual.' });
        }
      }),
    );
export type ProfileFormValues = z.input<ReturnType<typeof profileFormSchema>>;

/** True when the e-mail typed differs from the stored one (trimmed, case-insensitive: the server lower-cases e-mails). */
export const emailChanged = (original: string, typed: string) => original.trim().toLowerCase() !== typed.trim().toLowerCase();

/**
 * The body of PUT /users/{id} from valid values: `{name, email, phoneNumber, blocked}` and,
 * only when the e-mail changed, `currentPassword`. @throws ZodError when invalid
 */
export function profileFormToPayload(originalEmail: string, values: ProfileFormValues) {
  const v = profileFormSchema(originalEmail).parse(values);
  const body: { name: string; email: string; phoneNumber: string; blocked: boolean; currentPassword?: string } = {
    name: v.name,
    email: v.email,
    phoneNumber: v.phoneNumber,
    blocked: v.blocked,
  };
  if (emailChanged(originalEmail, v.email)) body.currentPassword = v.currentPassword;
  return body;
}

/**
 * The Segurança tab (spec 000 §5 "Password change"): current password required ('Por favor,
 * informe sua senha atual.'), new password and confirmation required ('Por favor, preencha todos
 * os campos de senha.'), equal ('As novas senhas não coincidem.'). At least 6 characters
 * (spec 000 §9; the text is ours: 'A nova senha deve ter pelo menos 6 caracteres.').
 */
export const passwordFormSchema = z.object({ currentPassword: z.string(), password: z.string(), passwordConfirmation: z.string() }).check(
  z.superRefine((v, ctx) => {
    if (!v.currentPassword) ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: 'Por favor, informe sua senha atual.' });
    if (!v.password || !v.passwordConfirmation) {
      ctx.addIssue({ code: 'custom', path: [!v.password ? 'password' : 'passwordConfirmation'], message: 'Por favor, preencha todos os campos de senha.' });
      return;
    }
    if (v.password !== v.passwordConfirmation) {
      ctx.addIssue({ code: 'custom', path: ['passwordConfirmation'], message: 'As novas senhas não coincidem.' });
      return;
    }
    if (v.password.length < 6) ctx.addIssue({ code: 'custom', path: ['password'], message: 'A nova senha deve ter pelo menos 6 caracteres.' });
  }),
);
export type PasswordFormValues = z.input<typeof passwordFormSchema>;
export const emptyPasswordForm: PasswordFormValues = { currentPassword: '', password: '', passwordConfirmation: '' };

/** Notificações (spec 000 §2.8, §9): every toggle on except the newsletter; kept on this screen only. */
export const NOTIFICATION_PREFERENCES = [
  { key: 'newCustomers', label: 'Novos clientes' },
  { key: 'statusUpdates', label: 'Atualizações de status' },
  { key: 'commissionAlerts', label: 'Alertas de comissão' },
  { key: 'newsletter', label: 'Newsletter' },
] as const;
export type NotificationPreferences = Record<(typeof NOTIFICATION_PREFERENCES)[number]['key'], boolean>;
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  newCustomers: true,
  statusUpdates: true,
  commissionAlerts: true,
  newsletter: false,
};
