import { lazy, Suspense, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { cardClass } from '@/components/ui/card';
import type { HistoryTarget } from './api';

// the timeline (its query, zod schema and formatting) loads when the card is opened, not with the screen
const HistoryTimeline = lazy(() => import('./history-timeline').then((m) => ({ default: m.HistoryTimeline })));

const s = {
  card: css({ gridColumn: '1 / -1' }),
  header: css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2' }),
  title: css({ fontSize: 'lg', fontWeight: 'semibold' }),
  muted: css({ color: 'fg.muted', fontSize: 'sm' }),
};

/**
 * The 'Histórico' card of a record (order details, receivable form, user form): closed at first; 'Ver histórico'
 * opens the timeline of the record's changes, newest first (for an order, also its items, documents and payments,
 * each named).
 */
export function HistorySection({ target }: { target: Extract<HistoryTarget, { kind: 'record' }> }) {
  const [open, setOpen] = useState(false);
  const mixed = target.type === 'sales-order';
  return (
    <section className={`${cardClass} ${s.card}`} aria-label="Histórico">
      <div className={s.header}>
        <h2 className={s.title}>Histórico</h2>
        <Button variant="ghost" size="sm" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
          {open ? 'Ocultar histórico' : 'Ver histórico'}
        </Button>
      </div>
      {open && (
        <Suspense fallback={<p className={s.muted}>Carregando...</p>}>
          <HistoryTimeline target={target} showRecord={mixed ? (e) => e.content_type !== 'api::sales-order.sales-order' : undefined} />
        </Suspense>
      )}
    </section>
  );
}
