import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { cardClass } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { historyAuthors } from './api';
import { HistoryTimeline } from './history-timeline';
import type { HistorySearch } from './search';

const s = {
  page: css({ display: 'flex', flexDir: 'column', gap: '4', minW: '0' }),
  title: css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'bold' }),
  filters: css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', md: '2fr 1fr 1fr auto' }, alignItems: 'end' }),
};

/**
 * /history (administrators): all history, newest first, filtered by author and period (a day range in Brasília
 * time), 20 at a time with 'Carregar mais'. The filters live in the URL; 'Filtrar' applies them.
 */
export function HistoryScreen({ search, onSearchChange }: { search: HistorySearch; onSearchChange: (next: HistorySearch) => void }) {
  const authors = useQuery({ ...historyAuthors(), meta: { errorMessage: 'Erro ao carregar os usuários: {message}' } });
  const [draft, setDraft] = useState({ user: search.user ? String(search.user) : '', from: search.from ?? '', to: search.to ?? '' });
  const periodError = draft.from && draft.to && draft.from > draft.to ? 'A data final é anterior à inicial.' : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (periodError) return;
    onSearchChange({ user: draft.user ? Number(draft.user) : undefined, from: draft.from || undefined, to: draft.to || undefined });
  };
  return (
    <div className={s.page}>
      <h1 className={s.title}>Histórico</h1>
      <form className={`${cardClass} ${s.filters}`} onSubmit={submit} aria-label="Filtros do histórico">
        <Field.Root label="Usuário">
          <Field.Select value={draft.user} onChange={(e) => setDraft({ ...draft, user: e.target.value })}>
            <option value="">Todos</option>
            {(authors.data ?? []).map((u) => (
              <option key={u.id} value={String(u.id)}>
                {u.name || u.username || `#${u.id}`}
              </option>
            ))}
          </Field.Select>
        </Field.Root>
        <Field.Root label="De">
          <Field.Input type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        </Field.Root>
        <Field.Root label="Até" error={periodError}>
          <Field.Input type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </Field.Root>
        <Button type="submit">Filtrar</Button>
      </form>
      <section className={cardClass} aria-label="Alterações">
        <HistoryTimeline target={{ kind: 'all', userId: search.user, from: search.from, to: search.to }} showRecord={() => true} />
      </section>
    </div>
  );
}
