import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { Dialog, dialogFooter } from '@/components/ui/dialog';
import { readOutboxItems } from '@/lib/offline/outbox-peek';
import { session } from '@/lib/session';
import { endAllSessions } from './api';

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
      <Dialog
        open={open}
        onOpenChange={(next) => !end.isPending && setOpen(next)}
        role="alertdialog"
        title="Sair de todos os dispositivos?"
        description={
          queued > 0
            ? `Todas as suas sessões serão encerradas, inclusive esta. ${queued === 1 ? 'O item' : `Os ${queued} itens`} aguardando envio neste aparelho ${queued === 1 ? 'fica guardado e será enviado' : 'ficam guardados e serão enviados'} quando você entrar de novo aqui.`
            : 'Todas as suas sessões serão encerradas, inclusive esta. Você precisará entrar de novo em cada aparelho.'
        }
      >
        <div className={dialogFooter}>
          <Button variant="outline" onClick={() => setOpen(false)} disabled={end.isPending}>
            Cancelar
          </Button>
          <Button variant="destructive" onClick={() => end.mutate()} disabled={end.isPending}>
            {end.isPending ? 'Encerrando...' : 'Sair de todos'}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
