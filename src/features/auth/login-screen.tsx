import { useMaskito } from '@maskito/react';
import { useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { Suspense, lazy, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { input } from 'styled-system/recipes';
import { AuthCard } from '@/components/layout/auth-card';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast';
import { withFeedback } from '@/lib/api/feedback';
import { KeypadToggle, type DocumentKeypad } from '@/components/ui/keypad-toggle';
import { documentMaskOptions, documentMessage, sanitizeDocument } from '@/lib/document';
import { clearReturnTo, safeRedirect } from '@/lib/navigation/return-to';
import { signIn } from './api';
import { AuthField } from './auth-field';
import { SubmitForm } from '@/components/form/submit-form';

// The recovery dialog (Ark Dialog, focus trap) loads when first opened.
const ForgotPasswordDialog = lazy(() => import('./forgot-password-dialog').then((m) => ({ default: m.ForgotPasswordDialog })));

// No QueryClient on signed-out pages: the failure is toasted by withFeedback.
const SIGN_IN_FAILED = { errorTitle: 'Login falhou', errorMessage: 'Credenciais inválidas. Tente novamente.' };

/**
 * The sign-in screen (spec 000 §2.3, §4, §5 "Login", §8): CPF/CNPJ masked as typed with
 * its live messages, password with show/hide, Entrar/'Carregando...' (disabled while an
 * error shows or while loading), the login toasts, and the recovery dialog.
 *
 * Two fields and one live message: plain React state, not the form library the record screens
 * use, so the first page most visitors load does not download it.
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
  const identifierInput = useRef<HTMLInputElement | null>(null);
  const [keypad, setKeypad] = useState<DocumentKeypad>('numeric');

  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);
  // The live message of spec 000 §5 follows the typed value (empty: no message until submit).
  const identifierError = documentMessage(identifier);

  const submit = async () => {
    if (busy.current) return;
    const bare = sanitizeDocument(identifier);
    const problem = bare ? documentMessage(bare) : undefined;
    if (!bare || problem) {
      toast({ title: 'Erro', description: problem ?? 'Por favor, informe um CPF ou CNPJ válido.', variant: 'destructive' });
      return;
    }
    busy.current = true;
    setSubmitting(true);
    try {
      let name: string;
      try {
        ({ name } = await withFeedback(SIGN_IN_FAILED, () => signIn(bare, password)));
      } catch {
        return; // 'Login falhou' was shown by withFeedback
      }
      // The welcome names the user, so it is not a fixed `meta` text.
      toast({ title: 'Login sucesso', description: `Seja bem-vindo, ${name}!` });
      clearReturnTo();
      if (redirect) router.history.push(redirect);
      else await navigate({ to: '/' });
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title="Bem-vindo" subtitle="Entre com seu CPF ou CNPJ e sua senha.">
      <SubmitForm onSubmit={submit} className={css({ display: 'grid', gap: '4' })}>
        <AuthField
          ref={(el) => {
            identifierInput.current = el;
            maskRef(el);
          }}
          label="CPF/CNPJ"
          error={identifierError}
          required
          className={input()}
          name="identifier"
          autoComplete="username"
          autoCapitalize="characters"
          inputMode={keypad}
          style={{ paddingRight: 56 }}
          placeholder="000.000.000-00"
          value={identifier}
          onInput={(e) => setIdentifier(e.currentTarget.value)}
          onChange={(e) => setIdentifier(e.currentTarget.value)}
          after={<KeypadToggle keypad={keypad} onChange={setKeypad} input={() => identifierInput.current} />}
        />
        <AuthField
          label="Senha"
          required
          className={input({})}
          style={{ paddingRight: 44 }}
          type={showPassword ? 'text' : 'password'}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          after={
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
          }
        />
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
        <Button type="submit" disabled={submitting || Boolean(identifierError)} className={css({ w: 'full' })}>
          {submitting ? 'Carregando...' : 'Entrar'}
        </Button>
      </SubmitForm>
      {recoveryUsed ? (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open={recoveryOpen} onOpenChange={setRecoveryOpen} />
        </Suspense>
      ) : null}
    </AuthCard>
  );
}
