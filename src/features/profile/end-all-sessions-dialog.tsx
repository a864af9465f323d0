import { Button } from '@/components/ui/button';
import { Dialog, dialogFooter } from '@/components/ui/dialog';

/**
 * The confirmation of "Sair de todos os dispositivos" (end-all-sessions.tsx): says that every session
 * ends, this one included, and how many items queued on this device stay for the next sign-in here.
 * `busy` while the call runs (buttons disabled, 'Encerrando...').
 */
export default function EndAllSessionsDialog({
  queued,
  busy,
  onCancel,
  onConfirm,
}: {
  queued: number;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open
      onOpenChange={(next) => !busy && !next && onCancel()}
      role="alertdialog"
      title="Sair de todos os dispositivos?"
      description={
        queued > 0
          ? `Todas as suas sessões serão encerradas, inclusive esta. ${queued === 1 ? 'O item' : `Os ${queued} itens`} aguardando envio neste aparelho ${queued === 1 ? 'fica guardado e será enviado' : 'ficam guardados e serão enviados'} quando você entrar de novo aqui.`
          : 'Todas as suas sessões serão encerradas, inclusive esta. Você precisará entrar de novo em cada aparelho.'
      }
    >
      <div className={dialogFooter}>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancelar
        </Button>
        <Button variant="destructive" onClick={onConfirm} disabled={busy}>
          {busy ? 'Encerrando...' : 'Sair de todos'}
        </Button>
      </div>
    </Dialog>
  );
}
