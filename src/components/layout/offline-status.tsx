import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { differenceInSeconds, type FormatDistanceToken } from 'date-fns';
import { ptBR } from 'date-fns/locale/pt-BR';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { css } from 'styled-system/css';
import { StatusBadge } from '@/components/ui/status-badge';
import { useOnline, useOutboxItems } from '@/lib/offline/outbox-peek';
import { useSession } from '@/lib/session';

/** date-fns' strict units above the second, largest first: each token with its length in minutes. */
const UNITS: [FormatDistanceToken, number][] = [
  ['xYears', 525_600],
  ['xMonths', 43_200],
  ['xDays', 1440],
  ['xHours', 60],
  ['xMinutes', 1],
];

/**
 * 'atualizado há 2 horas' for a ms timestamp, '' for 0: the largest whole unit, rounded down, in
 * date-fns' pt-BR words (its locale's public `formatDistance`), as `formatDistanceToNowStrict`
 * with `roundingMethod: 'floor'` writes it; that function imports date-fns' en-US default locale
 * (~1.8 KiB gzipped) on every signed-in page, whatever locale a call passes.
 */
export function dataAgeText(updatedAt: number): string {
  if (!updatedAt) return '';
  const minutes = Math.max(0, differenceInSeconds(Date.now(), updatedAt)) / 60;
  const unit = UNITS.find(([, length]) => minutes >= length);
  let [token, count]: [FormatDistanceToken, number] = unit ? [unit[0], Math.floor(minutes / unit[1])] : ['xSeconds', Math.round(minutes * 60)];
  // Twelve months and a few days: date-fns says '1 ano'.
  if (token === 'xMonths' && count === 12) [token, count] = ['xYears', 1];
  return `atualizado ${ptBR.formatDistance(token, count, { addSuffix: true, comparison: -1 })}`;
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
