import { Link } from '@tanstack/react-router';
import { useOutboxItems } from '@/lib/offline/outbox-peek';
import { useSession } from '@/lib/session';
import { figureStyles as f, PlainCard } from './widget';

/**
 * 'Fila deste aparelho': what the signed-in user queued on this device (read without Dexie,
 * lib/offline/outbox-peek.ts) — waiting, being sent, needing attention — and a link to the queue.
 */
export function OutboxCard() {
  const { user } = useSession();
  const items = useOutboxItems(user?.id);
  if (items === undefined) {
    return (
      <PlainCard title="Fila deste aparelho">
        <p className={f.muted}>Carregando...</p>
      </PlainCard>
    );
  }
  const count = (state: string) => items.filter((i) => i.state === state).length;
  const rows = [
    { key: 'queued', label: 'Aguardando envio', n: count('queued') },
    { key: 'sending', label: 'Enviando', n: count('sending') },
    { key: 'attention', label: 'Precisa de atenção', n: count('attention') },
  ];
  return (
    <PlainCard title="Fila deste aparelho">
      {items.length === 0 ? <p className={f.muted}>Nada aguardando envio neste aparelho.</p> : null}
      <ul className={f.list}>
        {rows.map((r) => (
          <li key={r.key} className={f.row} data-testid={`home-outbox-${r.key}`}>
            <span>{r.label}</span>
            <span className={f.number}>{r.n}</span>
          </li>
        ))}
      </ul>
      <Link to="/fila" className={f.link}>
        Abrir a fila de envio
      </Link>
    </PlainCard>
  );
}
