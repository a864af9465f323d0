import { useForm } from '@tanstack/react-form';
import { Link, useNavigate } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { input } from 'styled-system/recipes';
import { AuthCard } from '@/components/layout/auth-card';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { withFeedback } from '@/lib/api/feedback';
import { resetPassword } from './api';
import { resetPasswordError } from './reset-password-schema';
import { SubmitForm } from '@/components/form/submit-form';

// Both toasts, from withFeedback (signed out: no QueryClient).
const RESET_FEEDBACK = {
  successTitle: 'Senha alterada',
  successMessage: 'Entre com seu CPF ou CNPJ e a nova senha.',
  errorMessage: 'Não foi possível redefinir a senha. O link pode ter expirado; peça um novo em "Esqueceu a senha?".',
};

/**
 * /reset-password?code=… — where the recovery e-mail's link lands (spec 000 §2.3: "not shown";
 * docs/decisions.md): new password and confirmation, 'Salvar'/'Salvando...', then back to /login
 * with a toast. Without a code it says so and links to /login, where a new e-mail can be asked for.
 */
export function ResetPasswordScreen({ code }: { code?: string }) {
  const navigate = useNavigate();
  const form = useForm({
    defaultValues: { password: '', passwordConfirmation: '' },
    onSubmit: async ({ value }) => {
      try {
        await withFeedback(RESET_FEEDBACK, () => resetPassword({ code: code ?? '', ...value }));
      } catch {
        return; // reported by withFeedback; the form keeps what was typed
      }
      await navigate({ to: '/login' });
    },
  });

  return (
    <AuthCard title="Redefinir senha">
      {!code ? (
        <p role="alert">
          Link de recuperação inválido.{' '}
          <Link to="/login" className={css({ color: 'primary.500', textDecoration: 'underline' })}>
            Voltar para o login
          </Link>
        </p>
      ) : (
        <SubmitForm onSubmit={form.handleSubmit} className={css({ display: 'grid', gap: '4' })}>
          {(['password', 'passwordConfirmation'] as const).map((name) => (
            <form.Field key={name} name={name} validators={{ onSubmit: ({ fieldApi }) => resetPasswordError(fieldApi.form.state.values, name) }}>
              {(field) => (
                <Field.Root
                  label={name === 'password' ? 'Nova senha' : 'Confirmação da nova senha'}
                  error={field.state.meta.errors[0] as string | undefined}
                  required
                >
                  <Field.Input
                    className={input()}
                    type="password"
                    autoComplete="new-password"
                    name={field.name}
                    value={field.state.value}
                    onChange={(e) => field.handleChange(e.currentTarget.value)}
                    onBlur={field.handleBlur}
                  />
                </Field.Root>
              )}
            </form.Field>
          ))}
          <form.Subscribe selector={(s) => s.isSubmitting}>
            {(submitting) => (
              <Button type="submit" disabled={submitting}>
                {submitting ? 'Salvando...' : 'Salvar'}
              </Button>
            )}
          </form.Subscribe>
          <Link to="/login" className={css({ textAlign: 'center', color: 'primary.500', fontSize: 'sm' })}>
            Voltar para o login
          </Link>
        </SubmitForm>
      )}
    </AuthCard>
  );
}
