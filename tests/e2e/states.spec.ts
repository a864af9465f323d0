import type { Page } from '@playwright/test';
import { login } from './helpers';
import { serviceWorkerReady } from './offline-helpers';
import { expect, test, toastText } from './orders-helpers';

test.describe.configure({ timeout: 120_000 });

/** /states, /state/new, /state/{id} (spec 000 §2.4, §2.5, §2.9, §5 "State form", §8). */
test('an administrator creates, edits and deletes a state', async ({ page }) => {
  const name = `Estado E2E ${Date.now().toString(36)}`;
  // a free two-letter code: the seed has the 27 UFs
  const abbreviation = `Q${String.fromCharCode(65 + (Date.now() % 26))}`.toLowerCase();
  await login(page, 'admin');
  await page.goto('/states');
  await expect(page.getByRole('heading', { name: 'Estados' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Acre', exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Novo' }).click();
  await expect(page.getByRole('heading', { name: 'Novo estado' })).toBeVisible();
  await page.getByLabel('Sigla').fill('x');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Nome deve ter pelo menos 2 caracteres')).toBeVisible();
  await expect(page.getByText('A sigla deve ter exatamente 2 caracteres')).toBeVisible();

  await page.getByLabel('Nome').fill(name);
  await page.getByLabel('Sigla').fill(abbreviation);
  await expect(page.getByLabel('Sigla')).toHaveValue(abbreviation.toUpperCase());
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, 'Estado criado com sucesso')).toBeVisible();
  await expect(page).toHaveURL(/\/states/);

  // filter by name (server side), then edit
  await page.getByRole('button', { name: /Filtros/ }).click();
  await page.getByLabel('Nome', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: abbreviation.toUpperCase(), exact: true })).toBeVisible();
  await row.getByRole('link', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { name: 'Editar estado' })).toBeVisible();
  await expect(page.getByLabel('Nome')).toHaveValue(name);
  await page.getByLabel('Nome').fill(`${name} (editado)`);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, 'Estado atualizado com sucesso')).toBeVisible();

  // a duplicate abbreviation is refused by the server with the spec's failure title
  await page.goto('/state/new');
  await page.getByLabel('Nome').fill('Duplicado');
  await page.getByLabel('Sigla').fill('sp');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('heading', { name: 'Novo estado' })).toBeVisible();
  await expect(toastText(page, 'Já existe um estado com a sigla SP.')).toBeVisible();

  // delete
  await page.goto('/states');
  await page.getByRole('button', { name: /Filtros/ }).click();
  await page.getByLabel('Nome', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const edited = page.getByRole('row').filter({ hasText: `${name} (editado)` });
  await expect(edited).toHaveCount(1);
  await edited.getByRole('button', { name: 'Excluir' }).click();
  await page.getByRole('alertdialog', { name: 'Confirmar exclusão' }).getByRole('button', { name: 'Confirmar' }).click();
  await expect(toastText(page, 'Estado excluído com sucesso')).toBeVisible();
  await expect(page.getByText('Nenhum item encontrado')).toBeVisible();
});

/** The 'Estado' options of the dealership form (a lookup the service worker caches stale-while-revalidate). */
async function companyFormStates(page: Page) {
  await page.goto('/company/new');
  const select = page.getByLabel('Estado');
  await expect(select.getByRole('option', { name: 'AC - Acre' })).toHaveCount(1);
  return select.getByRole('option');
}

/** True once the service worker holds a cached answer of the states lookup. */
const statesLookupCached = (page: Page) =>
  page.evaluate(async () => (await (await caches.open('balcao-lookups')).keys()).some((r) => new URL(r.url).pathname === '/api/states'));

test('a renamed state shows at once in the select the service worker caches', async ({ page }) => {
  const name = `Estado Lookup ${Date.now().toString(36)}`;
  const abbreviation = `W${String.fromCharCode(65 + (Date.now() % 26))}`;
  await login(page, 'admin');
  await serviceWorkerReady(page);
  await page.goto('/state/new');
  await page.getByLabel('Nome').fill(name);
  await page.getByLabel('Sigla').fill(abbreviation);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, 'Estado criado com sucesso')).toBeVisible();

  // the dealership form lists it, and the worker now caches that list
  await expect(await companyFormStates(page)).toContainText([`${abbreviation} - ${name}`]);
  await expect.poll(() => statesLookupCached(page), { message: 'the states lookup is in the worker cache' }).toBe(true);

  // rename it on its own screen
  await page.goto('/states');
  await page.getByRole('button', { name: /Filtros/ }).click();
  await page.getByLabel('Nome', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await page.getByRole('row').filter({ hasText: name }).getByRole('link', { name: 'Editar' }).click();
  await expect(page.getByLabel('Nome')).toHaveValue(name);
  await page.getByLabel('Nome').fill(`${name} renomeado`);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, 'Estado atualizado com sucesso')).toBeVisible();

  // the first read after the write shows the new name (the worker's copy was dropped, not served stale)
  const options = await companyFormStates(page);
  await expect(options.filter({ hasText: `${abbreviation} - ${name} renomeado` })).toHaveCount(1);
  await expect(options.filter({ hasText: new RegExp(`^${abbreviation} - ${name}$`) })).toHaveCount(0);
});
