import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { login } from './helpers';
import { apiToken, expect, test, toastText } from './orders-helpers';

test.describe.configure({ timeout: 120_000 });

/**
 * A failed save's toast shows the id of the server's answer as 'Código: <id>' (docs/deploy.md
 * "Request ids"): the `X-Request-Id` the refusal came with, the id on the server's log lines of
 * that request, so what a clerk reads out finds them.
 */
test("a refused save's toast shows 'Código: ' and the id its answer carried", async ({ page, request }) => {
  const cpf = generateCpf();
  const jwt = await apiToken(request, 'admin');
  const first = await request.post('/api/customers', {
    headers: { Authorization: `Bearer ${jwt}` },
    data: { data: { name: 'Cliente Código', cpf_cnpj: cpf } },
  });
  expect(first.ok(), await first.text()).toBeTruthy();

  await login(page, 'admin');
  await page.goto('/customer/new');
  await page.getByLabel('Nome').fill('Outro cliente');
  await page.getByLabel('CPF/CNPJ').pressSequentially(cpf);
  const answer = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/customers');
  await page.getByRole('button', { name: 'Salvar' }).click();
  const refused = await answer;
  expect(refused.status()).toBe(409);
  const id = (await refused.allHeaders())['x-request-id'] ?? '';
  expect(id).toMatch(/^[0-9a-f-]{36}$/);

  const shown = toastText(page, 'CPF/CNPJ já cadastrado');
  await expect(shown).toBeVisible();
  await expect(shown).toContainText(`Código: ${id}`);
});
