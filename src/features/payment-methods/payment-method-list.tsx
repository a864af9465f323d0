import { flagColumn, RegisterList, type ListColumn } from '@/components/layout/list';
import { formatDate } from '@/lib/format';
import { paymentMethodData } from './api';
import type { PaymentMethod } from './schema';

const percent = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An interest rate (percentage, 2.5 = 2,5 %) as '2,50%' (spec 001 §9 "interest rate shown as a percentage"). */
export const formatInterest = (n: number) => `${percent.format(n)}%`;

const columns: ListColumn<PaymentMethod>[] = [
  { id: 'id', header: 'ID', accessorKey: 'id' },
  { id: 'name', header: 'Nome', accessorKey: 'name', meta: { wrap: true } },
  flagColumn('is_online_payment', 'Online', { fallback: true, priority: 2 }),
  {
    id: 'max_installments',
    header: 'Parcelas máx.',
    accessorFn: (p) => p.max_installments ?? 0,
    meta: { export: { value: 'max_installments', format: 'integer' } },
  },
  {
    id: 'interest_tax',
    header: 'Taxa de juros',
    accessorFn: (p) => formatInterest(p.interest_tax),
    meta: { export: { value: 'interest_tax', format: 'percent' } },
  },
  flagColumn('is_active', 'Ativo', { fallback: true }),
  { id: 'createdAt', header: 'Criado em', meta: { priority: 3, export: { value: 'createdAt', format: 'date' } }, accessorFn: (p) => formatDate(p.createdAt) },
];

/** /payment-methods 'Meios de Pagamento' (spec 001 §2 "Payment methods", §7, §8): the register list with the declared filters and sort. */
export function PaymentMethodList() {
  return (
    <RegisterList
      data={paymentMethodData}
      columns={columns}
      deleted="Meio de pagamento excluído com sucesso"
      deleteFailed="Não foi possível excluir o meio de pagamento."
    />
  );
}
