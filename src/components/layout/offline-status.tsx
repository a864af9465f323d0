import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatDistanceToNowStrict } from 'date-fns';
import { ptBR } from 'date-fns/locale/pt-BR';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { css } from 'styled-system/css';
import { StatusBadge } from '@/components/ui/status-badge';
import { useOnline, useOutboxItems } from '@/lib/offline/outbox-peek';
import { useSession } from '@/lib/session';

/** 'atualizado há 2 horas' for a ms timestamp (date-fns pt-BR, rounded down); '' for 0. */
export function dataAgeText(updatedAt: number): string {
  if (!updatedAt) return '';
  return `atualizado ${formatDistanceToNowStrict(updatedAt, { locale: ptBR, addSuffix: true, roundingMethod: 'floor' })}`;
}

/** The oldest `dataUpdatedAt` among the queries the screen shows (observed, with data); 0 when none. */
function useShownDataAge(): number {
  const cache = useQueryClient().getQueryCache();
  return useSyncExternalStore(
    (cb) => cache.subscribe(cb),
    () => {
      let oldest = 0;
      for (const q of cache.getAll()) {
        if (q.getObserversCount() === 0 || !q.state.dataUpdatedAt) continue;
        if (!oldest || q.state.dataUpdatedAt < oldest) oldest = q.state.dataUpdatedAt;
      }
      return oldest;
    },
  );
}

/**
 * The header's offline strip: 'Sem conexão' and the age of the data on screen
 * ('atualizado há 2 horas') while offline, and the count of queued items ('3 pendentes',
 * a link to the queue page) whenever there are any. Renders nothing otherwise.
 */
export function OfflineStatus() {
  const online = useOnline();
  const { user } = useSession();
  const items = useOutboxItems(user?.id);
  const age = useShownDataAge();
  const [, tick] = useState(0);
  useEffect(() => {
    const t = setInterval(() => tick((n) => n + 1), 60_000);
    return () => clearInterval(t);
  }, []);
  const pending = items?.length ?? 0;
  const attention = items?.filter((i) => i.state === 'attention').length ?? 0;
  if (online && pending === 0) return null;
  return (
    <div
      role="status"
      aria-label="Conexão e envios"
      className={css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap', fontSize: 'sm', ml: 'auto' })}
    >
      {online ? null : (
        <>
          <StatusBadge label="Sem conexão" tone="warning" />
          {age ? <span className={css({ color: 'fg.muted' })}>{dataAgeText(age)}</span> : null}
        </>
      )}
      {pending > 0 ? (
        <Link to="/fila" className={css({ color: 'primary.600', fontWeight: 'medium', textDecoration: 'underline' })} data-testid="outbox-count">
          {pending === 1 ? '1 pendente' : `${pending} pendentes`}
          {attention ? ` (${attention} precisa${attention > 1 ? 'm' : ''} de atenção)` : ''}
        </Link>
      ) : null}
    </div>
  );
}
