import { useForm } from '@tanstack/react-form';
import { css } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { Dialog, dialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { input } from 'styled-system/recipes';
import { withFeedback } from '@/lib/api/feedback';
import { requestPasswordReset } from './api';
import { SubmitForm } from '@/components/form/submit-form';

const REQUIRED = 'Por favor, informe seu email para recuperação de senha.';

// Both toasts, from withFeedback (signed out: no QueryClient).
const RECOVERY_FEEDBACK = {
  successTitle: 'Email enviado',
  successMessage: 'Instruções para recuperação de senha foram enviadas para seu email.',
  errorMessage: 'Não foi possível enviar o email de recuperação. Tente novamente.',
  useServerMessage: false,
};

/**
 * 'Esqueceu a senha?' dialog (spec 000 §2.3, §4 "Recovery dialog", §8): required e-mail,
 * Enviar/'Enviando...'; success closes with a toast, failure shows a toast; the e-mail is
 * cleared either way.
 */
export function ForgotPasswordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const form = useForm({
    defaultValues: { email: '' },
    onSubmit: async ({ value, formApi }) => {
      try {
        await withFeedback(RECOVERY_FEEDBACK, () => requestPasswordReset(value.email.trim()));
        onOpenChange(false);
      } catch {
        // reported by withFeedback; the dialog stays open
      } finally {
        formApi.reset();
      }
    },
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset();
        onOpenChange(next);
      }}
      title="Recuperação de Senha"
      description="Informe seu email para receber as instruções de recuperação de senha."
    >
      <SubmitForm onSubmit={form.handleSubmit}>
        <form.Field name="email" validators={{ onSubmit: ({ value }) => (value.trim() ? undefined : REQUIRED) }}>
          {(field) => (
            <Field.Root label="Email" error={field.state.meta.errors[0] as string | undefined} required>
              <Field.Input
                className={input()}
                type="email"
                autoComplete="email"
                name={field.name}
                value={field.state.value}
                onBlur={field.handleBlur}
                onChange={(e) => field.handleChange(e.target.value)}
              />
            </Field.Root>
          )}
        </form.Field>
        <form.Subscribe selector={(st) => st.isSubmitting}>
          {(isSubmitting) => (
            <div className={dialogFooter}>
              <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isSubmitting}>
                Cancelar
              </Button>
              <Button type="submit" disabled={isSubmitting} className={css({ minW: '24' })}>
                {isSubmitting ? 'Enviando...' : 'Enviar'}
              </Button>
            </div>
          )}
        </form.Subscribe>
      </SubmitForm>
    </Dialog>
  );
}
