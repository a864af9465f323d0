import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Suspense, lazy, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { readOutboxItems } from '@/lib/offline/outbox-peek';
import { session } from '@/lib/session';
import { endAllSessions } from './api';

// Ark UI's dialog is downloaded with the first click: the profile page does not need it to show.
const EndAllSessionsDialog = lazy(() => import('./end-all-sessions-dialog'));

const section = css({ display: 'grid', gap: '2', maxW: '32rem', mt: '6', pt: '4', borderTopWidth: '1px', borderColor: 'border' });

/**
 * The Segurança tab's "Sair de todos os dispositivos": after a confirmation it ends every session of
 * the user on the server (POST /auth/logout-all: the phone, the office desktop, this browser) and
 * signs this device out. Sair in the sidebar ends this device's session only. Items still queued on
 * this device stay bound to the user and are sent at the next sign-in here; the confirmation says
 * how many. Failures keep the dialog open with the server's message (toast).
 */
export function EndAllSessions({ userId }: { userId: number }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [queued, setQueued] = useState(0);
  const end = useMutation({
    mutationFn: endAllSessions,
    meta: { errorMessage: 'Não foi possível encerrar as sessões. Tente novamente.' },
    onSuccess: () => {
      setOpen(false);
      session.signOut();
      void navigate({ to: '/login' });
    },
  });
  const ask = async () => {
    setQueued((await readOutboxItems(userId).catch(() => [])).length);
    setOpen(true);
  };
  return (
    <section className={section} aria-labelledby="end-all-sessions">
      <h2 id="end-all-sessions" className={css({ fontWeight: 'semibold' })}>
        Sessões
      </h2>
      <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
        Sair, no menu, encerra a sessão só neste aparelho. Para encerrar em todos os aparelhos onde você entrou (celular, computador do escritório), use o botão
        abaixo.
      </p>
      <div>
        <Button variant="outline" onClick={() => void ask()}>
          Sair de todos os dispositivos
        </Button>
      </div>
      {open ? (
        <Suspense fallback={null}>
          <EndAllSessionsDialog queued={queued} busy={end.isPending} onCancel={() => setOpen(false)} onConfirm={() => end.mutate()} />
        </Suspense>
      ) : null}
    </section>
  );
}
