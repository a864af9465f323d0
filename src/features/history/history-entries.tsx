import { css } from 'styled-system/css';
import { ACTION_LABELS, changeText, fieldLabel, formatValue, formatWhen, recordName } from './labels';
import type { HistoryEntry } from './schema';

const s = {
  list: css({ display: 'grid', gap: '3', listStyle: 'none', p: '0', m: '0' }),
  item: css({ borderLeftWidth: '2px', borderColor: 'primary.200', pl: '3', display: 'grid', gap: '1', minW: '0' }),
  head: css({ fontSize: 'sm', display: 'flex', flexWrap: 'wrap', columnGap: '2', rowGap: '0.5', alignItems: 'baseline' }),
  when: css({ fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' }),
  muted: css({ color: 'fg.muted' }),
  changes: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', sm: 'minmax(8rem, auto) 1fr' },
    columnGap: '3',
    rowGap: '0.5',
    fontSize: 'sm',
    m: '0',
    '& dt': { color: 'fg.muted' },
    '& dd': { m: '0', overflowWrap: 'anywhere' },
  }),
  old: css({ color: 'fg.muted', textDecoration: 'line-through' }),
};

/** The author of an entry: the user's name (and id), or 'Sistema' for the server's own writes. */
function author(entry: HistoryEntry): string {
  if (entry.user_id == null) return 'Sistema';
  return entry.user_name ? `${entry.user_name} (#${entry.user_id})` : `Usuário #${entry.user_id}`;
}

/**
 * Entries as a timeline, in the order given (newest first): when (dd/MM/yyyy HH:mm), who, what happened to which
 * record (`showRecord`: also the record's kind and id, for lists that mix records), and each changed field as
 * 'Label: old → new' (a creation shows the new values, a deletion the last ones).
 */
export function HistoryEntries({ entries, showRecord }: { entries: readonly HistoryEntry[]; showRecord: (entry: HistoryEntry) => boolean }) {
  return (
    <ol className={s.list} aria-label="Histórico de alterações">
      {entries.map((entry) => {
        const fields = Object.entries(entry.changes);
        return (
          <li key={entry.id} className={s.item} data-testid="history-entry">
            <div className={s.head}>
              <span className={s.when}>{formatWhen(entry.createdAt)}</span>
              <span>{author(entry)}</span>
              <span className={s.muted}>
                {ACTION_LABELS[entry.action]}
                {showRecord(entry) ? ` ${recordName(entry.content_type)} #${entry.record_id ?? ''}` : ''}
              </span>
            </div>
            {fields.length > 0 && (
              <dl className={s.changes}>
                {fields.map(([field, change]) => (
                  <div key={field} style={{ display: 'contents' }}>
                    <dt>{fieldLabel(entry.content_type, field)}</dt>
                    <dd>
                      {changeText(entry.content_type, field, entry.action, change) ??
                        (entry.action === 'update' ? (
                          <>
                            <span className={s.old}>{formatValue(entry.content_type, field, change.old)}</span>
                            {' → '}
                            <span>{formatValue(entry.content_type, field, change.new)}</span>
                          </>
                        ) : (
                          formatValue(entry.content_type, field, entry.action === 'delete' ? change.old : change.new)
                        ))}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
          </li>
        );
      })}
    </ol>
  );
}
