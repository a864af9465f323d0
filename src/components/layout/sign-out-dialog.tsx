import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { Dialog, dialogFooter } from '@/components/ui/dialog';
import type { OutboxItem } from '@/lib/offline/db';
import { readOutboxItems, useOnline, useOutbox, useOutboxItems } from '@/lib/offline/outbox-peek';
import { session } from '@/lib/session';

export interface SignOutDialogProps {
  /** The signed-in user whose queue is asked about. */
  userId: number;
  /** Closes the dialog without signing out ('Cancelar', Escape, the queue page's link). */
  onClose: () => void;
  /** Signs out (the caller ends the session and goes to /login). */
  onSignOut: () => void;
}

const itemsText = (n: number) => (n === 1 ? '1 item' : `${n} itens`);

/** 'Não foi possível enviar 2 itens (1 precisa de atenção).' for what a send left in the queue. */
function leftText(left: OutboxItem[]): string {
  const attention = left.filter((i) => i.state === 'attention').length;
  const detail = attention ? ` (${attention} ${attention === 1 ? 'precisa' : 'precisam'} de atenção)` : '';
  return `Não foi possível enviar ${itemsText(left.length)}${detail}.`;
}

type Phase = { step: 'ask' } | { step: 'sending'; total: number } | { step: 'discarding' } | { step: 'failed'; message: string };

/**
 * Sair with items still queued (a shared phone): says how many of the user's items wait and asks
 * what to do with them before the session ends —
 * - 'Enviar primeiro' (online): sends them all now, with progress ('Enviados 1 de 3'); when every
 *   one is delivered, signs out; when some are left (refused, no answer), says so and stays open;
 * - 'Manter e sair' (only offline, or after a send that left items): they stay on this device,
 *   bound to the user, and go out at their next sign-in here; no other user sees, counts or sends them;
 * - 'Descartar e sair': deletes them and their files, then signs out;
 * - 'Cancelar': stays signed in.
 * A 401 while sending ends the session as anywhere else (the items wait for the user's next sign-in).
 */
export default function SignOutDialog({ userId, onClose, onSignOut }: SignOutDialogProps) {
  const outbox = useOutbox();
  const items = useOutboxItems(userId);
  const online = useOnline();
  const [phase, setPhase] = useState<Phase>({ step: 'ask' });
  // A send or discard that ends after 'Cancelar' (the dialog is gone) must not sign out.
  const open = useRef(true);
  useEffect(
    () => () => {
      open.current = false;
    },
    [],
  );

  const count = items?.length ?? 0;
  const busy = phase.step === 'sending' || phase.step === 'discarding';
  const fail = (error: unknown) => open.current && setPhase({ step: 'failed', message: error instanceof Error ? error.message : String(error) });

  const sendFirst = async () => {
    if (!outbox) return;
    setPhase({ step: 'sending', total: count });
    try {
      const runtime = await outbox.get();
      await runtime.sendNow();
      const left = await readOutboxItems(userId);
      // Still this user's session (a 401 while sending signs out by itself), and still asked.
      if (!open.current || session.getState().user?.id !== userId) return;
      if (left.length === 0) onSignOut();
      else setPhase({ step: 'failed', message: leftText(left) });
    } catch (error) {
      fail(error);
    }
  };

  const discard = async () => {
    if (!outbox) return;
    setPhase({ step: 'discarding' });
    try {
      const runtime = await outbox.get();
      await runtime.outbox.discardAll();
      if (open.current) onSignOut();
    } catch (error) {
      fail(error);
    }
  };

  const canKeep = !online || phase.step === 'failed';
  const sent = phase.step === 'sending' ? Math.max(0, phase.total - count) : 0;

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      role="alertdialog"
      title="Itens aguardando envio"
      description={
        items === undefined
          ? 'Carregando...'
          : count === 0
            ? 'Nenhum item aguardando envio.'
            : `${count === 1 ? 'Há 1 item seu' : `Há ${count} itens seus`} aguardando envio neste aparelho. Envie antes de sair, ou descarte: quem entrar depois não os verá nem os enviará.`
      }
    >
      <div className={css({ display: 'grid', gap: '2', fontSize: 'sm', mb: '4' })} aria-live="polite">
        {!online && count > 0 && phase.step !== 'sending' ? <p>Sem conexão: os itens só podem ser enviados quando a conexão voltar.</p> : null}
        {phase.step === 'sending' ? (
          <>
            <p>
              Enviando... {sent} de {phase.total}
            </p>
            <progress value={sent} max={phase.total} aria-label="Itens enviados" className={css({ w: 'full' })} />
          </>
        ) : null}
        {phase.step === 'discarding' ? <p>Descartando...</p> : null}
        {phase.step === 'failed' ? (
          <p role="alert" className={css({ color: 'danger.600' })}>
            {phase.message}{' '}
            <Link to="/fila" onClick={onClose} className={css({ textDecoration: 'underline' })}>
              Ver a fila de envio
            </Link>
          </p>
        ) : null}
        {canKeep && count > 0 ? <p>Se mantiver, os itens ficam guardados só para você e serão enviados quando você entrar novamente neste aparelho.</p> : null}
      </div>
      <div className={dialogFooter}>
        <Button variant="outline" onClick={onClose}>
          Cancelar
        </Button>
        {/* Delivered meanwhile (the network came back): nothing left to ask. */}
        {count === 0 && items !== undefined && !busy ? (
          <Button onClick={onSignOut}>Sair</Button>
        ) : (
          <>
            <Button variant="destructive" onClick={() => void discard()} disabled={busy}>
              Descartar e sair
            </Button>
            {canKeep ? (
              <Button variant="outline" onClick={onSignOut} disabled={busy}>
                Manter e sair
              </Button>
            ) : null}
            <Button onClick={() => void sendFirst()} disabled={busy || !online}>
              {phase.step === 'sending' ? 'Enviando...' : 'Enviar primeiro'}
            </Button>
          </>
        )}
      </div>
    </Dialog>
  );
}
