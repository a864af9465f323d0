import { login } from './helpers';
import { card, createOrderViaApi, toastText, expect, test } from './orders-helpers';

test.describe.configure({ timeout: 120_000 });

test.describe('Payments of an order (spec 001 §2 Dados do pagamento, §4, §5)', () => {
  test('adds a payment in 3 instalments on a credit card, registers it, reverses it', async ({ page, request }) => {
    const order = await createOrderViaApi(request);
    await login(page, 'admin');
    await page.goto(`/sales-order/${order.documentId}/details`);
    const payments = card(page, 'Dados do pagamento');
    await expect(payments.getByText('Nenhum pagamento registrado.')).toBeVisible();
    await expect(payments.getByTestId('payments-range')).toHaveText('0–0 de 0');

    await payments.getByRole('button', { name: 'Adicionar novo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo pagamento' });

    // validation toasts
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(toastText(page, 'Forma de pagamento inválida')).toBeVisible();
    await dialog.getByLabel('Meio de pagamento').selectOption({ label: 'PIX' });
    await expect(dialog.getByLabel('Parcelas')).toBeDisabled();
    await expect(dialog.getByLabel('Parcelas')).toHaveValue('1');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(toastText(page, 'Preencha forma de pagamento, valor e parcelas válidas.')).toBeVisible();

    await dialog.getByLabel('Meio de pagamento').selectOption({ label: 'Cartão de crédito' });
    await expect(dialog.getByLabel('Parcelas').locator('option')).toHaveCount(12);
    await dialog.getByLabel('Valor').pressSequentially('30001');
    await dialog.getByLabel('Valor').blur();
    await expect(dialog.getByLabel('Valor')).toHaveValue(/R\$\s300,01/);
    await dialog.getByLabel('Parcelas').selectOption({ label: '3x sem juros' });
    await expect(dialog.getByTestId('installment-value')).toHaveText(/R\$\s100,01/);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog).toBeHidden();
    await expect(toastText(page, 'Pagamento criado com sucesso')).toBeVisible();

    const row = payments.locator('tbody tr').first();
    await expect(row).toContainText('Cartão de crédito');
    await expect(row).toContainText('R$ 300,01');
    await expect(row).toContainText('Pendente');
    await expect(row.locator('td').nth(1)).toHaveText(/^\d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}$/);
    await expect(payments.getByTestId('payments-range')).toHaveText('1–1 de 1');

    // details
    await row.getByRole('button', { name: /Detalhes do pagamento/ }).click();
    const details = page.getByRole('dialog', { name: 'Detalhes do pagamento' });
    await expect(details).toContainText('3x');
    await expect(details).toContainText('R$ 100,01');
    await details.getByRole('button', { name: 'Concluir' }).click();

    // register: pending → paid
    await row.getByRole('button', { name: 'Registrar' }).click();
    await page.getByRole('alertdialog', { name: 'Registrar pagamento' }).getByRole('button', { name: 'Registrar' }).click();
    await expect(toastText(page, 'Pagamento registrado com sucesso')).toBeVisible();
    await expect(row).toContainText('Pago');
    await expect(row.getByRole('button', { name: 'Registrar' })).toHaveCount(0);

    // reverse: paid → reversed
    await row.getByRole('button', { name: 'Estornar' }).click();
    await page.getByRole('alertdialog', { name: 'Estornar pagamento' }).getByRole('button', { name: 'Estornar' }).click();
    await expect(toastText(page, 'Pagamento estornado com sucesso')).toBeVisible();
    await expect(row).toContainText('Estornado');
    await expect(row.getByRole('button', { name: 'Estornar' })).toHaveCount(0);

    // the office sees it as a receivable of the order
    await page.goto(`/receivables?filters=${encodeURIComponent(JSON.stringify({ pedido_id: String(order.id) }))}`);
    const receivable = page.locator('tbody tr').filter({ hasText: 'R$ 300,01' });
    await expect(receivable).toHaveCount(1);
    await expect(receivable).toContainText('Revertido');
  });

  test('a pending payment can be deleted; a registration without answer waits in the outbox, a refused one shows its messages', async ({ page, request }) => {
    const order = await createOrderViaApi(request);
    await login(page, 'admin');
    await page.goto(`/sales-order/${order.documentId}/details`);
    const payments = card(page, 'Dados do pagamento');
    for (const digits of ['1000', '2000']) {
      await payments.getByRole('button', { name: 'Adicionar novo' }).click();
      const dialog = page.getByRole('dialog', { name: 'Novo pagamento' });
      await dialog.getByLabel('Meio de pagamento').selectOption({ label: 'PIX' });
      await dialog.getByLabel('Valor').pressSequentially(digits);
      await dialog.getByRole('button', { name: 'Salvar' }).click();
      await expect(dialog).toBeHidden();
    }
    await expect(payments.locator('tbody tr')).toHaveCount(2);
    // the creation toasts sit over the rows' buttons (bottom-end); a pointer resting on one pauses it for good
    await expect(page.locator('[data-scope="toast"][data-part="root"]')).toHaveCount(0, { timeout: 15_000 });

    // No answer: instead of failing, the Registrar waits in the outbox and goes when the server answers.
    let unanswered = 0;
    await page.route('**/api/receivables/confirm/**', (route) => {
      unanswered += 1;
      return route.abort('internetdisconnected');
    });
    const first = payments.locator('tbody tr').filter({ hasText: 'R$ 10,00' });
    await first.getByRole('button', { name: 'Registrar' }).click();
    await page.getByRole('alertdialog', { name: 'Registrar pagamento' }).getByRole('button', { name: 'Registrar' }).click();
    await expect(toastText(page, 'O pagamento será registrado quando a conexão voltar.')).toBeVisible();
    await expect(first).toContainText('Registro aguardando envio');
    await expect(toastText(page, 'Verifique sua conexão ou tente novamente mais tarde.')).toHaveCount(0);
    // The queued item is shown before the outbox's first attempt: let that attempt fail too (the
    // direct request + the outbox's), so the item waits in its backoff until 'Enviar agora'.
    await expect.poll(() => unanswered).toBeGreaterThanOrEqual(2);
    await page.unroute('**/api/receivables/confirm/**');
    await page.getByTestId('outbox-count').click();
    await page.getByRole('button', { name: 'Enviar agora' }).click();
    await page.goBack();
    await expect(first).toContainText('Pago');

    // An answer that refuses it (no message of its own): the spec's title and text (001 §8).
    await page.route('**/api/receivables/confirm/**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }));
    const second = payments.locator('tbody tr').filter({ hasText: 'R$ 20,00' });
    await second.getByRole('button', { name: 'Registrar' }).click();
    await page.getByRole('alertdialog', { name: 'Registrar pagamento' }).getByRole('button', { name: 'Registrar' }).click();
    await expect(toastText(page, 'Erro ao registrar pagamento')).toBeVisible();
    await expect(toastText(page, 'Não foi possível confirmar o pagamento.')).toBeVisible();
    await page.unroute('**/api/receivables/confirm/**');

    await second.getByRole('button', { name: /Excluir pagamento/ }).click();
    await page.getByRole('alertdialog', { name: 'Excluir pagamento' }).getByRole('button', { name: 'Excluir' }).click();
    await expect(toastText(page, 'Pagamento excluído com sucesso')).toBeVisible();
    await expect(payments.locator('tbody tr')).toHaveCount(1);
  });
});

test('a payment recorded without connection waits in the outbox ("Aguardando envio"), then is sent once the connection returns', async ({
  page,
  request,
  context,
}) => {
  const order = await createOrderViaApi(request);
  await login(page, 'admin');
  await page.goto(`/sales-order/${order.documentId}/details`);
  const payments = card(page, 'Dados do pagamento');
  await expect(payments.getByText('Nenhum pagamento registrado.')).toBeVisible();
  await payments.getByRole('button', { name: 'Adicionar novo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo pagamento' });
  await dialog.getByLabel('Meio de pagamento').selectOption({ label: 'PIX' });
  await dialog.getByLabel('Valor').pressSequentially('7777');

  await context.setOffline(true);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  const row = payments.locator('tbody tr').first();
  await expect(row).toContainText('Aguardando envio');
  await expect(row).toContainText('R$ 77,77');

  await context.setOffline(false);
  await expect(row).toContainText('Pendente');
  await expect(row).not.toContainText('Aguardando envio');
  await expect(payments.locator('tbody tr')).toHaveCount(1);
});
