import { useInfiniteQuery } from '@tanstack/react-query';
import { css } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api';
import { historyQueries, type HistoryTarget } from './api';
import { HistoryEntries } from './history-entries';
import type { HistoryEntry } from './schema';

const muted = css({ color: 'fg.muted', fontSize: 'sm' });

/**
 * The entries of `target`, newest first, 20 at a time with 'Carregar mais' (docs/architecture.md "History of money and documents").
 * `showRecord`: which entries name their record (an order's timeline mixes its items, documents and payments).
 */
export function HistoryTimeline({ target, showRecord = () => false }: { target: HistoryTarget; showRecord?: (entry: HistoryEntry) => boolean }) {
  const query = useInfiniteQuery({ ...historyQueries.pages(target), meta: { errorMessage: 'Erro ao carregar o histórico: {message}', ignoreStatuses: [404] } });
  if (query.isPending) return <p className={muted}>Carregando...</p>;
  if (query.isError) {
    const gone = isApiError(query.error) && query.error.status === 404;
    return <p className={muted}>{gone ? 'Histórico indisponível para este registro.' : 'Não foi possível carregar o histórico.'}</p>;
  }
  const entries = query.data.pages.flatMap((page) => page.data);
  if (!entries.length) return <p className={muted}>Nenhuma alteração registrada.</p>;
  const total = query.data.pages[0]?.meta.pagination.total ?? entries.length;
  return (
    <>
      <HistoryEntries entries={entries} showRecord={showRecord} />
      <p className={muted}>
        {entries.length} de {total} alterações
      </p>
      {query.hasNextPage && (
        <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {query.isFetchingNextPage ? 'Carregando...' : 'Carregar mais'}
        </Button>
      )}
    </>
  );
}
