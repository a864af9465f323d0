import { useEffect, useState, type ComponentType } from 'react';
import { css } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { Dialog, dialogFooter } from '@/components/ui/dialog';
import { StatusBadge } from '@/components/ui/status-badge';
import { toast } from '@/components/ui/toast';
import { formatFileSize } from '@/lib/files/file-size';
import { formatDateTime } from '@/lib/format';
import type { OutboxItem } from '@/lib/offline/db';
import type { OutboxRuntime } from '@/lib/offline/sync';
import { useOutbox, outboxStateLabel, useOnline, useOutboxItems } from '@/lib/offline/outbox-peek';
import { isStaleUpdate, keepMineUpdate, type RecordUpdatePayload } from '@/lib/offline/record-update';
import { useSession } from '@/lib/session';
import { StaleUpdate, type StaleUpdateReader } from './stale-update';

/** What a queued item is, in words ('Novo pagamento R$ 15,00 (PIX)', 'Documento CRLV: foto.jpg'). */
export function outboxItemTitle(item: OutboxItem): string {
  const p = item.payload as Record<string, unknown>;
  switch (item.kind) {
    case 'payment.create':
      return `Novo pagamento ${((Number(p.amount) || 0) / 100).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' })}${p.methodName ? ` (${String(p.methodName)})` : ''}`;
    case 'payment.confirm':
      return `Registrar pagamento ${String(p.label ?? '')}`.trim();
    case 'payment.undo':
      return `Estornar pagamento ${String(p.label ?? '')}`.trim();
    case 'document.upload':
      return `Documento ${String(p.documentTypeName ?? '')}: ${String(p.fileName ?? '')}`;
    case 'order.update':
      return String(p.label ?? 'Alterações do pedido');
    default:
      return item.kind;
  }
}

/** The state badge of a queued item. */
export function outboxStateBadge(item: OutboxItem): { label: string; tone: 'info' | 'warning' | 'danger' } {
  if (item.state === 'attention') return { label: 'Precisa de atenção', tone: 'danger' };
  return { label: outboxStateLabel(item), tone: item.state === 'sending' ? 'info' : 'warning' };
}

function useStorageEstimate() {
  const [estimate, setEstimate] = useState<{ usage: number; quota: number } | null>(null);
  useEffect(() => {
    void navigator.storage
      ?.estimate?.()
      .then((e) => setEstimate({ usage: e.usage ?? 0, quota: e.quota ?? 0 }))
      .catch(() => undefined);
  }, []);
  return estimate;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;

/**
 * 'Fila de envio': everything the signed-in user queued, in order, with its state,
 * attempts and last error; 'Enviar agora'; on an item that needs attention, 'Editar' (a new
 * payment's method/amount/instalments, an upload's document type; saving sends it again),
 * 'Tentar novamente' and 'Descartar' (with confirmation); the storage estimate of the browser; the
 * size each queued file will send, and their sum.
 */
/** An editor of queued items, supplied by the feature that owns their kinds (the route wires it). */
export interface OutboxItemEditor {
  /** True when `item` (state 'attention') can be edited. */
  canEdit: (item: OutboxItem) => boolean;
  /** The edit dialog: `item` null = closed; `onSave` gets the new payload. */
  Dialog: ComponentType<{ item: OutboxItem | null; onClose: () => void; onSave: (item: OutboxItem, payload: unknown) => void }>;
}

export function OutboxPage({ editor, stale }: { editor?: OutboxItemEditor; stale?: StaleUpdateReader }) {
  const { user } = useSession();
  // The runtime (Dexie) runs already when the user has items (app/offline.ts); otherwise it loads with an action.
  const outbox = useOutbox();
  const items = useOutboxItems(user?.id);
  const online = useOnline();
  const estimate = useStorageEstimate();
  const [discarding, setDiscarding] = useState<OutboxItem | null>(null);
  const [editing, setEditing] = useState<OutboxItem | null>(null);
  /** Runs `action` on the runtime (loaded if needed); a failure is a toast. */
  const withRuntime = (action: (runtime: OutboxRuntime) => Promise<unknown>) => {
    if (!outbox) return;
    outbox
      .get()
      .then(action)
      .catch((error: unknown) => toast({ title: 'Erro', description: error instanceof Error ? error.message : String(error), variant: 'destructive' }));
  };

  const sendNow = () =>
    withRuntime(async (runtime) => {
      const result = await runtime.sendNow();
      if (result.delivered) toast({ title: 'Sucesso', description: `${result.delivered} ${result.delivered === 1 ? 'item enviado' : 'itens enviados'}` });
    });

  const saveEdit = (item: OutboxItem, payload: unknown) => {
    setEditing(null);
    withRuntime((runtime) => runtime.outbox.edit(item.seq!, payload).then(() => runtime.flush()));
  };
  const takeTheirs = (item: OutboxItem) =>
    withRuntime(async (runtime) => {
      await runtime.outbox.discard(item.seq!);
      toast({ title: 'Sucesso', description: 'Alterações descartadas: fica o registro como a outra pessoa salvou.' });
    });

  return (
    <section className={css({ display: 'grid', gap: '4' })} aria-labelledby="outbox-title">
      <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
        <h1 id="outbox-title" className={css({ fontSize: '2xl', fontWeight: 'bold', flex: '1' })}>
          Fila de envio
        </h1>
        <Button onClick={sendNow} disabled={!items?.length || !online}>
          Enviar agora
        </Button>
      </div>
      {estimate ? (
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })} data-testid="storage-estimate">
          Armazenamento usado: {mb(estimate.usage)} de {mb(estimate.quota)}
        </p>
      ) : null}
      {items?.some((i) => i.fileSize !== undefined) ? (
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })} data-testid="outbox-upload-size">
          Arquivos a enviar: {formatFileSize(items.reduce((sum, i) => sum + (i.fileSize ?? 0), 0))}
        </p>
      ) : null}
      {items === undefined ? (
        <p>Carregando...</p>
      ) : items.length === 0 ? (
        <p className={css({ color: 'fg.muted' })}>Nenhum item aguardando envio.</p>
      ) : (
        <ul aria-label="Itens da fila" className={css({ display: 'grid', gap: '2' })}>
          {items.map((item) => (
            <li
              key={item.seq}
              className={css({ borderWidth: '1px', borderColor: 'border', borderRadius: 'md', p: '3', display: 'grid', gap: '1.5', bg: 'bg.surface' })}
            >
              <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
                <strong className={css({ flex: '1' })}>{outboxItemTitle(item)}</strong>
                <StatusBadge {...outboxStateBadge(item)} />
              </div>
              <div className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                Pedido {item.orderId} · criado em {formatDateTime(new Date(item.createdAt).toISOString())} · tentativas: {item.attempts}
                {item.fileSize !== undefined ? ` · tamanho: ${formatFileSize(item.fileSize)}` : null}
              </div>
              {item.lastError ? <div className={css({ fontSize: 'sm', color: 'danger.600' })}>Último erro: {item.lastError}</div> : null}
              {stale && isStaleUpdate(item) && stale.handles(item) ? (
                <StaleUpdate
                  item={item}
                  reader={stale}
                  online={online}
                  onKeepMine={(version) => saveEdit(item, keepMineUpdate(item.payload as RecordUpdatePayload, version))}
                  onUseTheirs={() => takeTheirs(item)}
                />
              ) : item.state === 'attention' ? (
                <div className={css({ display: 'flex', gap: '2' })}>
                  {editor?.canEdit(item) ? (
                    <Button size="sm" variant="outline" onClick={() => setEditing(item)}>
                      Editar
                    </Button>
                  ) : null}
                  <Button size="sm" variant="outline" onClick={() => withRuntime((runtime) => runtime.outbox.retry(item.seq!).then(() => runtime.flush()))}>
                    Tentar novamente
                  </Button>
                  <Button size="sm" variant="destructive" onClick={() => setDiscarding(item)}>
                    Descartar
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {editor ? <editor.Dialog item={editing} onClose={() => setEditing(null)} onSave={saveEdit} /> : null}
      <Dialog
        open={discarding !== null}
        onOpenChange={(open) => !open && setDiscarding(null)}
        role="alertdialog"
        title="Descartar item"
        description="Tem certeza que deseja descartar este item? Ele não será enviado, nem as ações que dependem dele."
      >
        <div className={dialogFooter}>
          <Button variant="outline" onClick={() => setDiscarding(null)}>
            Cancelar
          </Button>
          <Button
            variant="destructive"
            onClick={() => {
              const item = discarding;
              setDiscarding(null);
              if (item) withRuntime((runtime) => runtime.outbox.discard(item.seq!));
            }}
          >
            Descartar
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
