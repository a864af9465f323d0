import { useMutation } from '@tanstack/react-query';
import { useMaskito } from '@maskito/react';
import { useForm } from '@tanstack/react-form';
import { useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { Suspense, lazy, useState } from 'react';
import { css } from 'styled-system/css';
import { input } from 'styled-system/recipes';
import { AuthCard } from '@/components/layout/auth-card';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Icon } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast';
import { documentMaskOptions, documentMessage, sanitizeDocument } from '@/lib/document';
import { clearReturnTo, safeRedirect } from '@/lib/navigation/return-to';
import { signIn } from './api';
import { SubmitForm } from '@/components/form/submit-form';

// The recovery dialog (Ark Dialog, focus trap) loads when first opened.
const ForgotPasswordDialog = lazy(() => import('./forgot-password-dialog').then((m) => ({ default: m.ForgotPasswordDialog })));

/**
 * The sign-in screen (spec 000 §2.3, §4, §5 "Login", §8): CPF/CNPJ masked as typed with
 * its live messages, password with show/hide, Entrar/'Carregando...' (disabled while an
 * error shows or while loading), the login toasts, and the recovery dialog.
 */
export function LoginScreen() {
  const navigate = useNavigate();
  const router = useRouter();
  // Validated by the route, and again here: only a same-origin path is ever followed.
  const redirect = safeRedirect(useSearch({ from: '/login' }).redirect);
  const [showPassword, setShowPassword] = useState(false);
  const [recoveryOpen, setRecoveryOpen] = useState(false);
  const [recoveryUsed, setRecoveryUsed] = useState(false);
  const maskRef = useMaskito({ options: documentMaskOptions });

  // A failed sign-in is toasted by the MutationCache from `meta` (lib/query-client.ts).
  const signInMutation = useMutation({
    mutationFn: (credentials: { identifier: string; password: string }) => signIn(credentials.identifier, credentials.password),
    meta: { errorTitle: 'Login falhou', errorMessage: 'Credenciais inválidas. Tente novamente.' },
  });

  const form = useForm({
    defaultValues: { identifier: '', password: '' },
    onSubmit: async ({ value }) => {
      const identifier = sanitizeDocument(value.identifier);
      const problem = identifier ? documentMessage(identifier) : undefined;
      if (!identifier || problem) {
        toast({ title: 'Erro', description: problem ?? 'Por favor, informe um CPF ou CNPJ válido.', variant: 'destructive' });
        return;
      }
      let name: string;
      try {
        ({ name } = await signInMutation.mutateAsync({ identifier, password: value.password }));
      } catch {
        return; // 'Login falhou' was shown by the MutationCache
      }
      // The welcome names the user, so it is not a fixed `meta` text.
      toast({ title: 'Login sucesso', description: `Seja bem-vindo, ${name}!` });
      clearReturnTo();
      if (redirect) router.history.push(redirect);
      else await navigate({ to: '/' });
    },
  });

  return (
    <AuthCard title="Bem-vindo" subtitle="Entre com seu CPF ou CNPJ e sua senha.">
      <SubmitForm onSubmit={form.handleSubmit} className={css({ display: 'grid', gap: '4' })}>
        <form.Field name="identifier" validators={{ onChange: ({ value }) => documentMessage(value) }}>
          {(field) => (
            <Field.Root label="CPF/CNPJ" error={field.state.meta.errors[0] as string | undefined} required>
              <Field.Input
                ref={maskRef}
                className={input()}
                name={field.name}
                autoComplete="username"
                autoCapitalize="characters"
                placeholder="000.000.000-00"
                value={field.state.value}
                onInput={(e) => field.handleChange(e.currentTarget.value)}
                onChange={(e) => field.handleChange(e.currentTarget.value)}
                onBlur={field.handleBlur}
              />
            </Field.Root>
          )}
        </form.Field>
        <form.Field name="password">
          {(field) => (
            <Field.Root label="Senha" required>
              <div className={css({ position: 'relative' })}>
                <Field.Input
                  className={input({})}
                  style={{ paddingRight: 44 }}
                  type={showPassword ? 'text' : 'password'}
                  name={field.name}
                  autoComplete="current-password"
                  value={field.state.value}
                  onChange={(e) => field.handleChange(e.target.value)}
                  onBlur={field.handleBlur}
                />
                <button
                  type="button"
                  onClick={() => setShowPassword((v) => !v)}
                  aria-label={showPassword ? 'Ocultar senha' : 'Mostrar senha'}
                  aria-pressed={showPassword}
                  className={css({
                    position: 'absolute',
                    right: '2',
                    top: '50%',
                    transform: 'translateY(-50%)',
                    p: '1.5',
                    cursor: 'pointer',
                    color: 'fg.muted',
                  })}
                >
                  <Icon name={showPassword ? 'eyeOff' : 'eye'} />
                </button>
              </div>
            </Field.Root>
          )}
        </form.Field>
        <div className={css({ display: 'flex', justifyContent: 'flex-end' })}>
          <Button
            variant="link"
            onClick={() => {
              setRecoveryUsed(true);
              setRecoveryOpen(true);
            }}
          >
            Esqueceu a senha?
          </Button>
        </div>
        <form.Subscribe selector={(st) => [st.isSubmitting, st.fieldMeta.identifier?.errors?.length ?? 0] as const}>
          {([isSubmitting, errorCount]) => (
            <Button type="submit" disabled={isSubmitting || errorCount > 0} className={css({ w: 'full' })}>
              {isSubmitting ? 'Carregando...' : 'Entrar'}
            </Button>
          )}
        </form.Subscribe>
      </SubmitForm>
      {recoveryUsed ? (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open={recoveryOpen} onOpenChange={setRecoveryOpen} />
        </Suspense>
      ) : null}
    </AuthCard>
  );
}
