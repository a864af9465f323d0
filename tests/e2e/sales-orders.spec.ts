import { login } from './helpers';
import { card, createOrderViaApi, toastText, expect, test } from './orders-helpers';

test.describe.configure({ timeout: 120_000 });

/** dd/MM/yyyy → yyyy-MM-dd, for range checks. */
const isoOf = (br: string) => br.split('/').reverse().join('-');

test.describe('Pedidos (spec 001 §2 Sales orders)', () => {
  test('filters by billing date range and status', async ({ page }) => {
    await login(page, 'admin');
    await page.goto('/sales-orders');
    await expect(page.getByRole('heading', { name: 'Pedidos' })).toBeVisible();
    await page.getByRole('button', { name: 'Filtros de busca' }).click();
    await page.getByLabel('Data Inicial').fill('2026-01-01');
    await page.getByLabel('Data Final').fill('2026-09-30');
    await page.getByLabel(/^Situação/).selectOption({ label: 'Pago' });
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page).toHaveURL(/status/);

    const rows = page.locator('tbody tr');
    await expect(rows.first()).not.toContainText('Carregando...');
    const count = await rows.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      const cells = rows.nth(i).locator('td');
      const date = isoOf((await cells.nth(1).innerText()).trim());
      expect(date >= '2026-01-01' && date <= '2026-09-30', `row ${i} date ${date}`).toBeTruthy();
      await expect(cells.nth(8)).toHaveText('Pago');
    }
    // the range text of the list frame reports the server total
    await expect(page.getByText(/\d+-\d+ de \d+ itens/)).toBeVisible();
  });

  test('creates an order and opens its details', async ({ page }) => {
    await login(page, 'admin');
    await page.goto('/sales-order/new');
    await expect(page.getByRole('heading', { name: 'Novo pedido' })).toBeVisible();
    await expect(page.getByLabel('Status')).toHaveValue('pending');
    const today = await page.evaluate(() => new Date().toLocaleDateString('sv-SE'));
    await expect(page.getByLabel('Data de Faturamento')).toHaveValue(today);
    await page.getByLabel('Despachante').selectOption({ label: 'Despachante Paulista Ltda' });
    await page.getByLabel('Preço do Veículo').pressSequentially('8765432');
    await page.getByLabel('Valor Original').pressSequentially('123457');
    await page.getByLabel('Valor Atual').pressSequentially('120001');
    await page.getByLabel('Valor Atual').blur();
    await expect(page.getByLabel('Valor Atual')).toHaveValue(/R\$\s1\.200,01/);
    await page.getByRole('switch', { name: 'Veículo Financiado' }).check();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(toastText(page, 'Pedido criado com sucesso')).toBeVisible();
    await expect(page).toHaveURL(/\/sales-orders/);

    // find it by the free text (numeric amount match) and open its details
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('1234,57');
    const row = page.locator('tbody tr').filter({ hasText: 'R$ 1.234,57' });
    await expect(row).toHaveCount(1);
    await row.getByRole('link', { name: /Detalhes do pedido/ }).click();
    await expect(page.getByRole('heading', { name: /Detalhes do Pedido #\d+/ })).toBeVisible();
    await expect(page.getByText('Pendente').first()).toBeVisible();
    for (const name of ['Dados do pedido', 'Documentos', 'Dados do veículo', 'Dados do pagamento']) await expect(card(page, name)).toBeVisible();
    await expect(card(page, 'Dados do veículo')).toContainText('R$ 87.654,32');
    await expect(card(page, 'Dados do pedido').getByRole('link', { name: 'Editar' })).toBeVisible();
  });

  test('edits an order and shows Documentos in edit mode', async ({ page, request }) => {
    const order = await createOrderViaApi(request, { current_amount: 10 });
    await login(page, 'admin');
    await page.goto(`/sales-order/${order.documentId}`);
    await expect(page.getByRole('heading', { name: 'Editar pedido' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Documentos' })).toHaveAttribute('href', `/sales-order/${order.documentId}/documentos`);
    await page.getByLabel('Status').selectOption({ label: 'Autorizado' });
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(toastText(page, 'Pedido atualizado com sucesso')).toBeVisible();
    await page.goto(`/sales-order/${order.documentId}/details`);
    await expect(page.getByRole('heading', { name: `Detalhes do Pedido #${order.id}` })).toBeVisible();
    await expect(page.getByText('Autorizado')).toBeVisible();
  });

  test("shows 'Pedido não encontrado.' for a missing order", async ({ page }) => {
    await login(page, 'admin');
    await page.goto('/sales-order/nao-existe-123/details');
    await expect(page.getByText('Pedido não encontrado.')).toBeVisible();
  });

  test('a failed list call shows the empty list and the error toast', async ({ page }) => {
    await login(page, 'admin');
    await page.route('**/api/sales-orders?**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ data: null, error: { status: 500, name: 'InternalServerError', message: 'Falha simulada' } }),
      }),
    );
    await page.goto('/sales-orders');
    await expect(toastText(page, 'Erro ao carregar os pedidos: Falha simulada')).toBeVisible();
    await expect(page.getByText('Nenhum item encontrado')).toBeVisible();
  });

  test('deletes an order with its toast', async ({ page, request }) => {
    const order = await createOrderViaApi(request, { original_amount: 4321.09 });
    await login(page, 'admin');
    await page.goto('/sales-orders');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('4321,09');
    const row = page
      .locator('tbody tr')
      .filter({ hasText: String(order.id) })
      .filter({ hasText: 'R$ 4.321,09' });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: 'Excluir' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirmar' }).click();
    await expect(toastText(page, 'Pedido foi excluído com sucesso.')).toBeVisible();
    await expect(page.locator('tbody tr').filter({ hasText: 'R$ 4.321,09' })).toHaveCount(0);
  });

  test('a dealership sees only its orders and can search them by party names', async ({ page }) => {
    await login(page, 'concessionaria');
    await page.goto('/sales-orders');
    const rows = page.locator('tbody tr');
    await expect(rows.first()).toContainText('Concessionária Avenida Veículos');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('Paulista');
    await expect(rows.first()).toContainText('Despachante Paulista');
    const count = await rows.count();
    for (let i = 0; i < count; i++) await expect(rows.nth(i).locator('td').nth(3)).toHaveText('Concessionária Avenida Veículos');
    await expect(toastText(page, 'Erro ao carregar os pedidos')).toHaveCount(0);
  });
});
