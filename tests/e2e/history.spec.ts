import { login } from './helpers';
import { apiToken, createOrderViaApi, expect, test, toastText } from './orders-helpers';

test.describe.configure({ timeout: 120_000 });

test.describe('Histórico (the history of money and documents)', () => {
  test('a receivable’s amount edited shows old → new in its Histórico', async ({ page, request }) => {
    const order = await createOrderViaApi(request);
    const jwt = await apiToken(request, 'admin');
    const created = await request.post('/api/receivables', {
      headers: { Authorization: `Bearer ${jwt}` },
      data: {
        data: {
          pedido_id: order.id,
          amount_original: 12.34,
          status_in: 'pending',
          payment_date: new Date().toISOString(),
          document_number: `HIST-${Date.now()}`,
          cpf_cnpj_cliente: '11144477735',
        },
      },
    });
    expect(created.ok()).toBeTruthy();
    const rec = (await created.json()).data;

    await login(page, 'admin');
    await page.goto(`/receivables/${rec.documentId}`);
    await expect(page.getByRole('heading', { name: 'Editar recebimento' })).toBeVisible();
    const amount = page.getByLabel('Valor Nominal');
    await expect(amount).toHaveValue(/R\$\s12,34/);
    // typed as the user types: select what is there, type the digits (read as centavos), shown as BRL on blur
    await amount.click();
    await amount.press('ControlOrMeta+a');
    await amount.pressSequentially('5678');
    await amount.press('Tab');
    await expect(amount).toHaveValue(/R\$\s56,78/);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(toastText(page, 'Recebimento atualizado com sucesso')).toBeVisible();

    await page.goto(`/receivables/${rec.documentId}`);
    const history = page.getByRole('region', { name: 'Histórico' });
    await history.getByRole('button', { name: 'Ver histórico' }).click();
    const entries = history.getByTestId('history-entry');
    // newest first: the edit, then the creation
    await expect(entries).toHaveCount(2);
    await expect(entries.first()).toContainText('Valor Nominal');
    await expect(entries.first()).toContainText(/R\$\s12,34 → R\$\s56,78/);
    await expect(entries.first()).toContainText('Alterou');
    await expect(entries.nth(1)).toContainText('Criou');
  });
});
