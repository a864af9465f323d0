import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { css } from 'styled-system/css';
import { formatBRL } from '@/lib/money';
import { homeQueries, type ReceivablesMonthly } from './api';
import { longMonth, shortMonth } from './months';
import { WidgetCard } from './widget';

// uPlot loads only here, after the figures: its chunk is this route's alone
const MonthlyChart = lazy(() => import('./monthly-chart'));

const s = {
  card: css({ gridColumn: { lg: '1 / -1' } }),
  chart: css({ minH: '260px', w: '100%', minW: '0' }),
  table: css({ w: '100%', borderCollapse: 'collapse', fontSize: 'sm', '& th, & td': { py: '1', px: '1', borderBottomWidth: '1px', borderColor: 'border' } }),
  caption: css({ textAlign: 'left', fontWeight: 'medium', pb: '1', color: 'fg.muted' }),
  num: css({ textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }),
  count: css({ display: 'block', color: 'fg.muted', fontSize: 'xs' }),
  head: css({ textAlign: 'left' }),
};

const countText = (n: number) => (n === 1 ? '1 recebimento' : `${n.toLocaleString('pt-BR')} recebimentos`);

/** The chart's table alternative: one row per month, what was paid and what is pending, with their counts. */
function MonthlyTable({ months }: { months: ReceivablesMonthly }) {
  return (
    <table className={s.table} data-testid="home-monthly-table">
      <caption className={s.caption}>Pago e pendente por mês (valores e quantidade de recebimentos)</caption>
      <thead>
        <tr>
          <th scope="col" className={s.head}>
            Mês
          </th>
          <th scope="col" className={s.num}>
            Pago
          </th>
          <th scope="col" className={s.num}>
            Pendente
          </th>
        </tr>
      </thead>
      <tbody>
        {months.map((m) => (
          <tr key={m.month}>
            <th scope="row" className={s.head}>
              <abbr title={longMonth(m.month)} className={css({ textDecoration: 'none' })}>
                {shortMonth(m.month)}
              </abbr>
            </th>
            <td className={s.num}>
              {formatBRL(m.paid.cents)}
              <span className={s.count}>{countText(m.paid.count)}</span>
            </td>
            <td className={s.num}>
              {formatBRL(m.pending.cents)}
              <span className={s.count}>{countText(m.pending.count)}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * 'Recebimentos nos últimos 12 meses': paid and pending receivables per month (by payment date) as
 * a bar chart, hidden from screen readers, and the same figures as a table below it.
 */
export function MonthlyCard() {
  const query = useQuery(homeQueries.receivablesMonthly());
  return (
    <WidgetCard title="Recebimentos nos últimos 12 meses" query={query} className={s.card}>
      {(months) => (
        <>
          <div className={s.chart} aria-hidden="true">
            <Suspense fallback={null}>
              <MonthlyChart months={months} />
            </Suspense>
          </div>
          <MonthlyTable months={months} />
        </>
      )}
    </WidgetCard>
  );
}
