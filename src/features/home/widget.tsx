import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { css, cx } from 'styled-system/css';
import { cardClass } from '@/components/ui/card';
import { listQueryView, NOTHING_OFFLINE_TEXT } from '@/components/layout/list/list-state';

const s = {
  card: cx(cardClass, css({ alignContent: 'start' })),
  title: css({ fontSize: 'lg', fontWeight: 'semibold' }),
  muted: css({ color: 'fg.muted', fontSize: 'sm' }),
};

/**
 * One card of the home: its title, then its figures once the query has them. Reads the query as
 * every list does (`listQueryView`): offline with cached figures it shows them (the header says
 * 'Sem conexão' and their age), offline without them {@link NOTHING_OFFLINE_TEXT}, and a failure
 * the server answered says so (the query cache toasts it).
 */
export function WidgetCard<T>({
  title,
  query,
  children,
  className,
}: {
  title: string;
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  className?: string;
}) {
  const id = useId();
  const view = listQueryView(query);
  return (
    <section className={cx(s.card, className)} aria-labelledby={id} aria-busy={view.isLoading}>
      <h2 id={id} className={s.title}>
        {title}
      </h2>
      {view.data !== undefined ? (
        children(view.data)
      ) : (
        <p className={s.muted}>{view.nothingOffline ? NOTHING_OFFLINE_TEXT : view.failed ? 'Não foi possível carregar estes números.' : 'Carregando...'}</p>
      )}
    </section>
  );
}

/** A card of the home that has no query (the device's outbox). */
export function PlainCard({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={s.card} aria-labelledby={id}>
      <h2 id={id} className={s.title}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Styles the cards share: a list of figures, one per line, the number right-aligned. */
export const figureStyles = {
  list: css({ display: 'grid', gap: '1', listStyle: 'none', p: '0', m: '0' }),
  row: css({ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: '3', py: '1', borderBottomWidth: '1px', borderColor: 'border' }),
  link: css({ color: 'primary.600', textDecoration: 'underline', _hover: { color: 'primary.700' } }),
  number: css({ fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums', textAlign: 'right' }),
  big: css({ fontSize: '2xl', fontWeight: 'bold', fontVariantNumeric: 'tabular-nums' }),
  muted: s.muted,
};
