import { login } from './helpers';
import { createOrderViaApi, toastText, expect, test } from './orders-helpers';

test.describe.configure({ timeout: 120_000 });

test.describe('Contas a Receber (spec 001 §2 Receivables, §5, §7)', () => {
  test('creates, confirms and undoes a receivable', async ({ page, request }) => {
    const order = await createOrderViaApi(request);
    const docNumber = `NF-E2E-${Date.now()}`;
    await login(page, 'admin');
    await page.goto('/receivables');
    await expect(page.getByRole('heading', { name: 'Contas a Receber' })).toBeVisible();
    await expect(page.getByLabel('Visualizações por página')).toHaveValue('25');
    await page.getByRole('link', { name: 'Novo' }).click();
    await expect(page).toHaveURL(/\/receivables\/new$/);
    await expect(page.getByRole('heading', { name: 'Novo recebimento' })).toBeVisible();

    // the spec's messages on an empty form
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Número do documento é obrigatório')).toBeVisible();
    await expect(page.getByText('Valor deve ser maior que zero')).toBeVisible();
    await expect(page.getByText('Selecione um item válido')).toHaveCount(3);
    await expect(page.getByText('CPF/CNPJ obrigatório')).toBeVisible();

    await page.getByLabel('Número do Documento').fill(docNumber);
    await page.getByLabel('Valor Nominal').pressSequentially('98765');
    await page.getByLabel('Meio de Pagamento').selectOption({ label: 'Cartão de crédito' });
    await expect(page.getByLabel('Status')).toHaveValue('pending');
    await page.getByLabel('Número de Parcelas').fill('2');
    await page.getByLabel('Bandeira do Cartão').fill('Visa');
    await page.getByLabel('Últimos 4 dígitos do cartão').fill('12345');
    await expect(page.getByLabel('Últimos 4 dígitos do cartão')).toHaveValue('1234');
    await page.getByLabel(/^Pedido/).selectOption({ label: `#${order.id}` });
    await page.getByLabel(/^Despachante/).selectOption({ label: 'Despachante Paulista Ltda' });
    await page.getByLabel(/^Concessionária/).selectOption({ label: 'Concessionária Avenida Veículos' });
    await page.getByLabel('CPF/CNPJ do Cliente').pressSequentially('11144477735');
    await expect(page.getByLabel('CPF/CNPJ do Cliente')).toHaveValue('111.444.777-35');
    await page.getByLabel('Valor Final').pressSequentially('98765');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(toastText(page, 'Recebimento criado com sucesso')).toBeVisible();
    await expect(page).toHaveURL(/\/receivables/);

    // find it with the free-text search
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(docNumber);
    const row = page.locator('tbody tr').filter({ hasText: 'R$ 987,65' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(String(order.id));
    await expect(row).toContainText('Cartão de crédito');
    await expect(row).toContainText('111.444.777-35');
    await expect(row).toContainText('Pendente');

    // confirm (→ Pago) and undo (→ Estornado) from the edit form
    await row.getByRole('link', { name: 'Editar' }).click();
    await expect(page.getByRole('heading', { name: 'Editar recebimento' })).toBeVisible();
    await expect(page.getByLabel('Número do Documento')).toHaveValue(docNumber);
    await expect(page.getByLabel('Valor Nominal')).toHaveValue(/R\$\s987,65/);
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await expect(toastText(page, 'Recebimento confirmado com sucesso')).toBeVisible();
    await expect(page.getByLabel('Status')).toHaveValue('paid');
    await page.getByRole('button', { name: 'Desfazer' }).click();
    await expect(toastText(page, 'Recebimento estornado com sucesso')).toBeVisible();
    await expect(page.getByLabel('Status')).toHaveValue('reversed');

    // the list badge says 'Revertido'; the status filter finds it
    await page.goto('/receivables');
    await page.getByRole('button', { name: 'Filtros de busca' }).click();
    await page.getByLabel(/^Status/).selectOption({ label: 'Estornado' });
    await page.getByRole('textbox', { name: 'Número do Documento' }).fill(docNumber);
    await page.getByRole('button', { name: 'Filtrar' }).click();
    const reversed = page.locator('tbody tr');
    await expect(reversed).toHaveCount(1);
    await expect(reversed).toContainText('Revertido');
  });

  test('opens by numeric id, deletes with its toast, and a missing one returns to the list', async ({ page, request }) => {
    const order = await createOrderViaApi(request);
    await login(page, 'admin');
    // a payment created on the order is a receivable
    const jwt = (await (await request.post('/api/auth/local', { data: { identifier: '52998224725', password: 'Balcao@2026' } })).json()).jwt;
    const created = await request.post('/api/receivables', {
      headers: { Authorization: `Bearer ${jwt}` },
      data: {
        data: {
          pedido_id: order.id,
          amount_original: 12.34,
          status_in: 'pending',
          payment_date: new Date().toISOString(),
          document_number: `DEL-${Date.now()}`,
        },
      },
    });
    expect(created.ok()).toBeTruthy();
    const rec = (await created.json()).data;

    await page.goto(`/receivables/${rec.id}`);
    await expect(page.getByRole('heading', { name: 'Editar recebimento' })).toBeVisible();
    await expect(page.getByLabel('Valor Nominal')).toHaveValue(/R\$\s12,34/);

    await page.goto('/receivables');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(rec.document_number);
    const row = page.locator('tbody tr').filter({ hasText: 'R$ 12,34' });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: 'Excluir' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirmar' }).click();
    await expect(toastText(page, 'Recebimento excluído com sucesso.')).toBeVisible();
    await expect(page.locator('tbody tr').filter({ hasText: 'R$ 12,34' })).toHaveCount(0);

    await page.goto(`/receivables/${rec.documentId}`);
    await expect(toastText(page, 'Erro ao carregar recebimento')).toBeVisible();
    await expect(page).toHaveURL(/\/receivables(\?.*)?$/);
  });
});
