import * as z from 'zod/mini';

/** Minimum password length (spec 000 §9). */
export const PASSWORD_MIN = 6;

/**
 * The password-reset form (the screen the e-mailed link opens; spec 000 §2.3 says it is "not
 * shown", docs/decisions.md). Messages reuse the profile's password texts (spec 000 §5).
 * Shape: `{password, passwordConfirmation}`, both strings; the `code` comes from the link.
 */
export const resetPasswordFormSchema = z.object({ password: z.string(), passwordConfirmation: z.string() }).check(
  z.superRefine((v, ctx) => {
    if (!v.password || !v.passwordConfirmation) {
      ctx.addIssue({ code: 'custom', message: 'Por favor, preencha todos os campos de senha.', path: ['password'] });
    } else if (v.password.length < PASSWORD_MIN) {
      ctx.addIssue({ code: 'custom', message: 'Senha deve ter pelo menos 6 caracteres', path: ['password'] });
    } else if (v.password !== v.passwordConfirmation) {
      ctx.addIssue({ code: 'custom', message: 'As novas senhas não coincidem.', path: ['passwordConfirmation'] });
    }
  }),
);

export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/** The first message for `field`, or undefined. */
export function resetPasswordError(value: ResetPasswordForm, field: keyof ResetPasswordForm): string | undefined {
  const res = resetPasswordFormSchema.safeParse(value);
  return res.success ? undefined : res.error.issues.find((i) => i.path[0] === field)?.message;
}
