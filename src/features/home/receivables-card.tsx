import { useQuery } from '@tanstack/react-query';
import { Link, type ToOptions } from '@tanstack/react-router';
import { formatBRL } from '@/lib/money';
import { homeQueries, type MoneyFigure } from './api';
import { figureStyles as f, WidgetCard } from './widget';

const items = (n: number) => (n === 1 ? '1 recebimento' : `${n.toLocaleString('pt-BR')} recebimentos`);

/** '12 recebimentos · R$ 1.234,56' */
export const moneyText = (m: MoneyFigure) => `${items(m.count)} · ${formatBRL(m.cents)}`;

/**
 * 'Contas a receber pendentes': how many pending receivables and their total (a link to Contas a
 * Receber filtered by Pendente, `linkTo`), and how many of them have a payment date more than 7 and 30 days
 * ago. The aged figures are not links: the list filters one payment day, not a range
 * (docs/decisions.md "The home").
 */
export function ReceivablesCard({ linkTo }: { linkTo: ToOptions }) {
  const query = useQuery(homeQueries.receivablesPending());
  return (
    <WidgetCard title="Contas a receber pendentes" query={query}>
      {({ pending, aged }) => (
        <>
          <p>
            <span className={f.big} data-testid="home-pending-total">
              {formatBRL(pending.cents)}
            </span>
          </p>
          <Link {...linkTo} className={f.link} data-testid="home-pending-link">
            {items(pending.count)} pendente{pending.count === 1 ? '' : 's'}
          </Link>
          <ul className={f.list}>
            {aged.map((a) => (
              <li key={a.days} className={f.row} data-testid={`home-aged-${a.days}`}>
                <span>Há mais de {a.days} dias</span>
                <span className={f.number}>{moneyText(a)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </WidgetCard>
  );
}
