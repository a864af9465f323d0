import { useQuery } from '@tanstack/react-query';
import { css } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { ConflictTable } from '@/components/ui/conflict-table';
import { isNoAnswer } from '@/lib/api/errors';
import type { FormValues } from '@/lib/edit-conflict';
import type { OutboxItem } from '@/lib/offline/db';
import { staleUpdateRows, type RecordUpdatePayload } from '@/lib/offline/record-update';
import { userQueryKey } from '@/lib/session';

/** Reads the record a stale queued edit is about, as it is now (supplied by the feature that owns the kind; the route wires it). */
export interface StaleUpdateReader {
  /** True when `item` is a queued edit this reader knows. */
  handles: (item: OutboxItem) => boolean;
  /** The record now: its version and its form values. @throws ApiError */
  current: (item: OutboxItem) => Promise<{ version: string | undefined; values: FormValues }>;
}

/**
 * 'Precisa de atenção' of a queued edit refused because the record changed since it was opened
 * (docs/decisions.md "A stale queued edit on the queue page"): the item says so, shows theirs vs mine
 * field by field (read from the server when online) and offers the form's two choices in place of
 * Editar / Tentar novamente / Descartar: 'Manter as minhas' (`onKeepMine` with the record's current
 * version: the item is queued again with it and sent) and 'Usar as deles' (`onUseTheirs`: the item
 * is discarded).
 */
export function StaleUpdate({
  item,
  reader,
  online,
  onKeepMine,
  onUseTheirs,
}: {
  item: OutboxItem;
  reader: StaleUpdateReader;
  online: boolean;
  onKeepMine: (currentVersion: string | undefined) => void;
  onUseTheirs: () => void;
}) {
  const payload = item.payload as RecordUpdatePayload<unknown>;
  const theirs = useQuery({
    queryKey: userQueryKey('outbox-stale', item.seq ?? 0, item.staleAgainst ?? ''),
    queryFn: () => reader.current(item),
    enabled: online,
    staleTime: 0,
    gcTime: 0,
    retry: 0,
  });
  return (
    <div className={css({ display: 'grid', gap: '2' })}>
      <p className={css({ fontSize: 'sm' })}>Este registro foi alterado por outra pessoa depois que você o abriu. Escolha o que fica.</p>
      {theirs.data ? (
        <ConflictTable rows={staleUpdateRows(payload, theirs.data.values)} />
      ) : (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {!online || (theirs.error && isNoAnswer(theirs.error))
            ? 'Conecte-se para ver as mudanças deles.'
            : theirs.error
              ? `Não foi possível carregar o registro: ${theirs.error.message}`
              : 'Carregando as mudanças...'}
        </p>
      )}
      <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
        <Button size="sm" disabled={!theirs.data} onClick={() => theirs.data && onKeepMine(theirs.data.version)}>
          Manter as minhas
        </Button>
        <Button size="sm" variant="outline" onClick={onUseTheirs}>
          Usar as deles
        </Button>
      </div>
    </div>
  );
}
