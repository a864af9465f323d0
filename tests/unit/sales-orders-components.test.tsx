import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '@/components/ui/toast';
import { NewPaymentDialog } from '@/features/order-payments/new-payment-dialog';
import { DocumentsCard } from '@/features/order-documents/documents-card';
import { PaymentsCard } from '@/features/order-payments/payments-card';
import { StatusBadge } from '@/components/ui/status-badge';
import { paymentStatusBadge, orderStatusBadge } from '@/shared/order-status';
import { receivableStatusBadge } from '@/features/receivables/status';
import type { OrderDocument } from '@/features/order-documents/schema';
import { orderPaymentSchema } from '@/features/order-payments/schema';

const plain = (s: string | null | undefined) => (s ?? '').replace(/\u00a0/g, ' ');

const methods = [
  { id: 1, name: 'Cartão de crédito' },
  { id: 2, name: 'PIX' },
  { id: 3, name: 'Boleto bancário' },
];

function renderDialog(onSubmit = vi.fn()) {
  render(
    <>
      <NewPaymentDialog open onOpenChange={() => {}} methods={methods} onSubmit={onSubmit} />
      <Toaster />
    </>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Novo pagamento' });
  return {
    onSubmit,
    dialog,
    method: within(dialog).getByLabelText(/Meio de pagamento/) as HTMLSelectElement,
    amount: within(dialog).getByLabelText(/Valor/) as HTMLInputElement,
    installments: within(dialog).getByLabelText('Parcelas') as HTMLSelectElement,
    installmentValue: () => plain(within(dialog).getByTestId('installment-value').textContent),
  };
}

describe('Novo pagamento dialog', () => {
  it('reads typed digits as centavos and shows BRL on blur', async () => {
    const user = userEvent.setup();
    const d = renderDialog();
    await user.type(d.amount, '12345');
    expect(d.amount.value).toBe('12345');
    await user.tab();
    expect(plain(d.amount.value)).toBe('R$ 123,45');
  });

  it('offers 1–12 sem juros for a credit card and computes the instalment value exactly', async () => {
    const user = userEvent.setup();
    const d = renderDialog();
    await user.selectOptions(d.method, 'Cartão de crédito');
    const labels = within(d.installments)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(labels).toHaveLength(12);
    expect(labels[0]).toBe('À vista');
    expect(labels[11]).toBe('12x sem juros');
    expect(d.installments).toBeEnabled();
    await user.type(d.amount, '10000');
    await user.selectOptions(d.installments, '3');
    expect(d.installmentValue()).toBe('R$ 33,34');
  });

  it('forces À vista for methods that are not card or credit', async () => {
    const user = userEvent.setup();
    const d = renderDialog();
    await user.selectOptions(d.method, 'Cartão de crédito');
    await user.selectOptions(d.installments, '6');
    await user.selectOptions(d.method, 'PIX');
    expect(
      within(d.installments)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['À vista']);
    expect(d.installments).toBeDisabled();
    await user.type(d.amount, '9999');
    expect(d.installmentValue()).toBe('R$ 99,99');
  });

  it('shows the method toast when no method is chosen', async () => {
    const user = userEvent.setup();
    const d = renderDialog();
    await user.type(d.amount, '500');
    await user.click(within(d.dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Forma de pagamento inválida')).toBeInTheDocument();
    expect(screen.getByText('Selecione uma forma de pagamento.')).toBeInTheDocument();
    expect(d.onSubmit).not.toHaveBeenCalled();
  });

  it('shows the required-fields toast when the amount is zero', async () => {
    const user = userEvent.setup();
    const d = renderDialog();
    await user.selectOptions(d.method, 'PIX');
    await user.click(within(d.dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Campos obrigatórios')).toBeInTheDocument();
    expect(screen.getByText('Preencha forma de pagamento, valor e parcelas válidas.')).toBeInTheDocument();
    expect(d.onSubmit).not.toHaveBeenCalled();
  });

  it('submits method, centavos and instalments', async () => {
    const user = userEvent.setup();
    const d = renderDialog();
    await user.selectOptions(d.method, 'Cartão de crédito');
    await user.type(d.amount, '150075');
    await user.selectOptions(d.installments, '3');
    await user.click(within(d.dialog).getByRole('button', { name: 'Salvar' }));
    expect(d.onSubmit).toHaveBeenCalledWith({ paymentMethodId: 1, amount: 150075, installments: 3 });
  });
});

describe('status badges', () => {
  it('renders the labels a user reads', () => {
    render(
      <>
        <StatusBadge {...orderStatusBadge('denied')} />
        <StatusBadge {...paymentStatusBadge('')} />
        <StatusBadge {...receivableStatusBadge('reversed', 'list')} />
      </>,
    );
    expect(screen.getByText('Negado')).toBeInTheDocument();
    expect(screen.getByText('Indefinido')).toBeInTheDocument();
    expect(screen.getByText('Revertido')).toBeInTheDocument();
  });
});

const types = [
  { id: 1, name: 'CRLV' },
  { id: 2, name: 'Nota fiscal' },
];
const sentDoc = {
  id: 10,
  documentId: 'doc10',
  sales_order: { id: 42 },
  document_type: { id: 2, name: 'Nota fiscal' },
  content: { id: 5, url: '/uploads/nf.pdf', name: 'nf.pdf' },
  createdAt: '2026-11-20T10:00:00.000Z',
} as OrderDocument;

function renderDocs(documents: OrderDocument[]) {
  const props = { onUpload: vi.fn(), onOpen: vi.fn(), onDelete: vi.fn() };
  render(<DocumentsCard types={types} documents={documents} isLoading={false} sending={[]} {...props} />);
  return props;
}

describe('Documentos card', () => {
  it("hides the upload of a sent type and shows 'Enviado'", () => {
    renderDocs([sentDoc]);
    const nf = screen.getByTestId('document-type-2');
    expect(within(nf).getByText('Enviado')).toBeInTheDocument();
    expect(within(nf).queryByLabelText(/Enviar/)).toBeNull();
    const crlv = screen.getByTestId('document-type-1');
    expect(within(crlv).queryByText('Enviado')).toBeNull();
    expect(within(crlv).getByLabelText('Enviar CRLV')).toBeInTheDocument();
  });

  it('says so when nothing was sent', () => {
    renderDocs([]);
    expect(screen.getByText('Nenhum documento enviado para este pedido.')).toBeInTheDocument();
    expect(screen.getAllByLabelText(/^Enviar /)).toHaveLength(2);
  });

  it('uploads one accepted file for the type and refuses other formats', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { onUpload } = renderDocs([]);
    const photo = new File(['x'], 'foto.heic', { type: '' });
    await user.upload(screen.getByLabelText('Enviar CRLV'), photo);
    expect(onUpload).toHaveBeenCalledWith(types[0], photo);
    await user.upload(screen.getByLabelText('Enviar Nota fiscal'), new File(['x'], 'doc.docx'));
    expect(onUpload).toHaveBeenCalledTimes(1);
  });

  it('asks the browser before deleting and opens through the handler', async () => {
    const user = userEvent.setup();
    const { onDelete, onOpen } = renderDocs([sentDoc]);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await user.click(screen.getByRole('button', { name: 'Excluir Nota fiscal' }));
    expect(onDelete).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Excluir Nota fiscal' }));
    expect(onDelete).toHaveBeenCalledWith(sentDoc);
    expect(confirm).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: 'Abrir Nota fiscal' }));
    expect(onOpen).toHaveBeenCalledWith(sentDoc);
  });
});

describe('Dados do pagamento card', () => {
  const payments = Array.from({ length: 23 }, (_, i) =>
    orderPaymentSchema.parse({
      id: i + 1,
      documentId: `p${i + 1}`,
      status_in: i === 0 ? 'pending' : i === 1 ? 'paid' : i === 2 ? '' : 'reversed',
      amount_original: '100.00',
      amount_final: '100.00',
      installments: 3,
      payment_method_id: { id: 1, name: 'Cartão de crédito' },
      payment_date: '2026-11-20T13:05:00.000Z',
    }),
  );

  it('pages 10/20/50 with the range text and clamps the page', async () => {
    const user = userEvent.setup();
    render(<PaymentsCard payments={payments} isLoading={false} sending={[]} methods={methods} onCreate={vi.fn()} onAction={vi.fn()} />);
    expect(screen.getByTestId('payments-range')).toHaveTextContent('1–10 de 23');
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(screen.getByTestId('payments-range')).toHaveTextContent('21–23 de 23');
    await user.selectOptions(screen.getByLabelText('Visualizações por página'), '20');
    expect(screen.getByTestId('payments-range')).toHaveTextContent('21–23 de 23');
    await user.selectOptions(screen.getByLabelText('Visualizações por página'), '50');
    expect(screen.getByTestId('payments-range')).toHaveTextContent('1–23 de 23');
  });

  it('offers register/delete on pending, reverse on paid, and shows Indefinido', () => {
    render(<PaymentsCard payments={payments.slice(0, 3)} isLoading={false} sending={[]} methods={methods} onCreate={vi.fn()} onAction={vi.fn()} />);
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('button', { name: 'Registrar' })).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: 'Excluir pagamento 1' })).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button', { name: 'Estornar' })).toBeNull();
    expect(within(rows[1]!).getByRole('button', { name: 'Estornar' })).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button', { name: 'Registrar' })).toBeNull();
    expect(within(rows[2]!).getByText('Indefinido')).toBeInTheDocument();
  });

  it('confirms Registrar pagamento through the handler', async () => {
    const user = userEvent.setup();
    const onAction = vi.fn().mockResolvedValue(undefined);
    render(<PaymentsCard payments={payments.slice(0, 1)} isLoading={false} sending={[]} methods={methods} onCreate={vi.fn()} onAction={onAction} />);
    await user.click(screen.getByRole('button', { name: 'Registrar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Registrar pagamento' });
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    expect(onAction).toHaveBeenCalledWith('register', payments[0]);
  });

  it('shows a payment being sent', () => {
    render(
      <PaymentsCard
        payments={[]}
        isLoading={false}
        sending={[{ key: 'k', methodName: 'PIX', amount: 2500, installments: 1, createdAt: '2026-11-20T13:05:00.000Z' }]}
        methods={methods}
        onCreate={vi.fn()}
        onAction={vi.fn()}
      />,
    );
    expect(screen.getByText('Enviando...')).toBeInTheDocument();
    expect(screen.getAllByText((t) => plain(t) === 'R$ 25,00')).toHaveLength(2);
  });

  it('registers a queued payment through its own handler, and shows queued actions instead of their buttons', async () => {
    const user = userEvent.setup();
    const onRegister = vi.fn().mockResolvedValue(undefined);
    const onAction = vi.fn();
    render(
      <PaymentsCard
        payments={payments.slice(0, 2)}
        isLoading={false}
        sending={[{ key: 'k', methodName: 'PIX', amount: 2500, installments: 1, createdAt: '2026-11-20T13:05:00.000Z', label: 'Aguardando envio', onRegister }]}
        methods={methods}
        onCreate={vi.fn()}
        onAction={onAction}
        queuedActions={{ [payments[1]!.documentId]: 'Estorno aguardando envio' }}
      />,
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[2]!).getByText('Estorno aguardando envio')).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('button', { name: 'Estornar' })).toBeNull();
    await user.click(within(rows[0]!).getByRole('button', { name: 'Registrar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Registrar pagamento' });
    expect(plain(within(dialog).getByText(/Pagamento aguardando envio/).textContent)).toBe('Pagamento aguardando envio — R$ 25,00');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    expect(onRegister).toHaveBeenCalledTimes(1);
    expect(onAction).not.toHaveBeenCalled();
  });

  it('shows the details with the instalment value', async () => {
    const user = userEvent.setup();
    render(<PaymentsCard payments={payments.slice(0, 1)} isLoading={false} sending={[]} methods={methods} onCreate={vi.fn()} onAction={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Detalhes do pagamento 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalhes do pagamento' });
    expect(within(dialog).getByText('3x')).toBeInTheDocument();
    expect(within(dialog).getByText((t) => plain(t) === 'R$ 33,34')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Concluir' }));
  });
});

describe('actions follow the role', () => {
  it('hides payment actions the role lacks', () => {
    const p = orderPaymentSchema.parse({ id: 1, documentId: 'p1', status_in: 'pending', amount_original: 10, payment_method_id: { id: 2, name: 'PIX' } });
    render(
      <PaymentsCard
        payments={[p]}
        isLoading={false}
        sending={[]}
        methods={methods}
        onCreate={vi.fn()}
        onAction={vi.fn()}
        canCreate={false}
        permitted={{ register: false, reverse: false, remove: false }}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Registrar' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Excluir pagamento/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Adicionar novo/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Detalhes do pagamento 1' })).toBeInTheDocument();
  });

  it('offers no upload or delete of documents without the permissions', () => {
    render(
      <DocumentsCard
        types={types}
        documents={[sentDoc]}
        isLoading={false}
        sending={[]}
        onUpload={vi.fn()}
        onOpen={vi.fn()}
        onDelete={vi.fn()}
        canUpload={false}
        canDelete={false}
      />,
    );
    expect(screen.queryAllByLabelText(/^Enviar /)).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Excluir Nota fiscal' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Abrir Nota fiscal' })).toBeInTheDocument();
    expect(screen.getByText('Enviado')).toBeInTheDocument();
  });
});
