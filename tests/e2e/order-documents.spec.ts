import { login } from './helpers';
import { photoJpeg, tinyPdf } from './fixtures/files';
import { card, createOrderViaApi, toastText, expect, test } from './orders-helpers';

test.describe.configure({ timeout: 120_000 });

test.describe('Documents of an order (spec 001 §2 Documentos, §5, §7, §8)', () => {
  test('upload a PDF and a photo, see Enviado, open the signed URL, delete one', async ({ page, request }) => {
    const order = await createOrderViaApi(request);
    await login(page, 'admin');
    await page.goto(`/sales-order/${order.documentId}/details`);
    const docs = card(page, 'Documentos');
    await expect(docs.getByText('Nenhum documento enviado para este pedido.')).toBeVisible();
    const types = docs.getByRole('list', { name: 'Tipos de documento' });
    const crlv = types.getByRole('listitem').filter({ hasText: 'CRLV' });
    const cnh = types.getByRole('listitem').filter({ hasText: 'CNH' });
    await expect(crlv.getByText('Enviado')).toHaveCount(0);

    // the picker takes the six formats; 'Tirar foto' is for phones only
    const accept = await crlv.locator('input[type=file]').getAttribute('accept');
    for (const ext of ['.pdf', '.png', '.jpg', '.jpeg', '.heic', '.webp', 'image/jpeg']) expect(accept).toContain(ext);
    await expect(docs.getByText('Tirar foto')).toHaveCount(0);

    await crlv.locator('input[type=file]').setInputFiles(tinyPdf());
    await expect(crlv.getByText('Enviado')).toBeVisible();
    await expect(crlv.getByLabel('Enviar CRLV')).toHaveCount(0);
    await cnh.locator('input[type=file]').setInputFiles(photoJpeg());
    await expect(cnh.getByText('Enviado')).toBeVisible();

    const sent = docs.getByRole('list', { name: 'Documentos enviados' });
    await expect(sent.getByRole('listitem')).toHaveCount(2);
    await expect(sent).toContainText('crlv.pdf');
    await expect(sent).toContainText('foto-cnh.jpg');

    // open through the signed URL: a new tab on /uploads/...?expires=&signature= that answers 200,
    // with no way back to the app's window (no opener) and no Referer
    const [popup] = await Promise.all([page.waitForEvent('popup'), sent.getByRole('button', { name: 'Abrir CRLV' }).click()]);
    await popup.waitForURL(/\/uploads\/.+\?expires=\d+&signature=/);
    expect(await popup.evaluate(() => ({ noOpener: window.opener === null, referrer: document.referrer }))).toEqual({ noOpener: true, referrer: '' });
    const fileAnswer = await request.get(popup.url());
    expect(fileAnswer.status()).toBe(200);
    expect((await fileAnswer.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await popup.close();

    // delete with the browser confirmation; CRLV can be uploaded again
    page.once('dialog', (d) => {
      expect(d.type()).toBe('confirm');
      void d.accept();
    });
    await sent.getByRole('button', { name: 'Excluir CRLV' }).click();
    await expect(toastText(page, 'Documento excluído com sucesso')).toBeVisible();
    await expect(sent.getByRole('listitem')).toHaveCount(1);
    await expect(crlv.getByLabel('Enviar CRLV')).toHaveCount(1);
    await expect(crlv.getByText('Enviado')).toHaveCount(0);
    await expect(cnh.getByText('Enviado')).toBeVisible();

    // the documents page shows the same card
    await page.goto(`/sales-order/${order.documentId}/documentos`);
    await expect(page.getByRole('heading', { name: `Documentos do Pedido #${order.id}` })).toBeVisible();
    await expect(card(page, 'Documentos').getByRole('list', { name: 'Documentos enviados' }).getByRole('listitem')).toHaveCount(1);
  });

  test('a dismissed confirmation deletes nothing; a 403 shows its message', async ({ page, request }) => {
    const order = await createOrderViaApi(request);
    await login(page, 'admin');
    await page.goto(`/sales-order/${order.documentId}/documentos`);
    const docs = card(page, 'Documentos');
    await docs.getByRole('listitem').filter({ hasText: 'Procuração' }).locator('input[type=file]').setInputFiles(tinyPdf('procuracao.pdf'));
    const sent = docs.getByRole('list', { name: 'Documentos enviados' });
    await expect(sent.getByRole('listitem')).toHaveCount(1);

    page.once('dialog', (d) => void d.dismiss());
    await sent.getByRole('button', { name: 'Excluir Procuração' }).click();
    await expect(sent.getByRole('listitem')).toHaveCount(1);

    await page.route('**/api/sales-order-documents/**', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 403,
            contentType: 'application/json',
            body: JSON.stringify({ data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden' } }),
          })
        : route.continue(),
    );
    page.once('dialog', (d) => void d.accept());
    await sent.getByRole('button', { name: 'Excluir Procuração' }).click();
    await expect(toastText(page, 'Você não tem permissão para excluir este documento')).toBeVisible();
    await expect(toastText(page, 'Erro ao excluir')).toBeVisible();
  });

  test('signed URL failures show the §8 messages', async ({ page, request }) => {
    const order = await createOrderViaApi(request);
    await login(page, 'admin');
    await page.goto(`/sales-order/${order.documentId}/documentos`);
    const docs = card(page, 'Documentos');
    await docs.getByRole('listitem').filter({ hasText: 'CNH' }).locator('input[type=file]').setInputFiles(photoJpeg());
    await expect(docs.getByRole('list', { name: 'Documentos enviados' }).getByRole('listitem')).toHaveCount(1);
    for (const [status, text] of [
      [404, 'Arquivo não encontrado no storage'],
      [401, 'Não autenticado: Faça login para acessar este arquivo'],
    ] as const) {
      await page.route('**/api/document-types/get-signed-url**', (route) =>
        route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ data: null, error: { status, name: 'Error', message: 'x' } }) }),
      );
      await docs.getByRole('button', { name: 'Abrir CNH' }).click();
      await expect(toastText(page, text)).toBeVisible();
      await page.unroute('**/api/document-types/get-signed-url**');
    }
  });
});

test.describe('a private file opens without opener', () => {
  test("a signed URL slower than the click's activation: 'Documento pronto' offers a link, which opens the file without opener", async ({ page, request }) => {
    const order = await createOrderViaApi(request);
    await login(page, 'admin');
    await page.goto(`/sales-order/${order.documentId}/documentos`);
    const docs = card(page, 'Documentos');
    await docs.getByRole('listitem').filter({ hasText: 'CNH' }).locator('input[type=file]').setInputFiles(photoJpeg());
    const sent = docs.getByRole('list', { name: 'Documentos enviados' });
    await expect(sent.getByRole('listitem')).toHaveCount(1);

    // Until the app has decided, the page is watched through the DevTools protocol only: every
    // evaluation of Playwright's (locators, expect) runs as a user gesture and would renew the
    // activation this test lets expire.
    const cdp = await page.context().newCDPSession(page);
    const activated = async () =>
      (await cdp.send('Runtime.evaluate', { expression: 'navigator.userActivation.isActive', returnByValue: true })).result.value as boolean;
    // The answer comes once Chromium's transient user activation (5 s) has expired.
    await page.route('**/api/document-types/get-signed-url**', async (route) => {
      await expect.poll(activated, { timeout: 15_000, intervals: [250] }).toBe(false);
      await route.continue();
    });
    const opened: string[] = [];
    page.context().on('page', (p) => opened.push(p.url()));
    await sent.getByRole('button', { name: 'Abrir CNH' }).click();
    const shown = async () =>
      (
        await cdp.send('Runtime.evaluate', {
          expression: `[...document.querySelectorAll('[role=dialog]')].some((d) => d.textContent.includes('Documento pronto'))`,
          returnByValue: true,
        })
      ).result.value as boolean;
    await expect.poll(shown, { timeout: 15_000, intervals: [250] }).toBe(true);
    expect(opened).toEqual([]);
    const ready = page.getByRole('dialog', { name: 'Documento pronto' });
    await expect(ready).toBeVisible();
    const link = ready.getByRole('link', { name: 'Abrir documento' });
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await popup.waitForURL(/\/uploads\/.+\?expires=\d+&signature=/);
    expect(await popup.evaluate(() => window.opener === null)).toBe(true);
    await expect(ready).toBeHidden();
  });
});

test.describe('a dispatcher on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('opens an order, photographs a document, records and settles a payment; the office sees it', async ({ page, request, browser }) => {
    const order = await createOrderViaApi(request, { user_dispatcher_id: 2, user_company_id: 3 });
    await login(page, 'despachante');
    await page.goto(`/sales-order/${order.documentId}/details`);
    await expect(page.getByRole('heading', { name: `Detalhes do Pedido #${order.id}` })).toBeVisible();
    for (const name of ['Dados do pedido', 'Documentos', 'Dados do veículo', 'Dados do pagamento']) await expect(card(page, name)).toBeVisible();
    // nothing wider than the phone
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // the photo, from the gallery ('Tirar foto' and its tray: order-document-photos.spec.ts)
    const docs = card(page, 'Documentos');
    const cnh = docs.getByRole('list', { name: 'Tipos de documento' }).getByRole('listitem').filter({ hasText: 'CNH' });
    await expect(cnh.getByLabel('Tirar foto: CNH')).toHaveAttribute('capture', 'environment');
    await cnh.getByLabel('Escolher arquivo: CNH').setInputFiles(photoJpeg());
    await expect(cnh.getByText('Enviado')).toBeVisible();

    // a payment, as a card on the phone, registered
    const payments = card(page, 'Dados do pagamento');
    await payments.getByRole('button', { name: 'Adicionar novo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo pagamento' });
    await dialog.getByLabel('Meio de pagamento').selectOption({ label: 'PIX' });
    await dialog.getByLabel('Valor').pressSequentially('45000');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    const item = payments.getByRole('list', { name: 'Pagamentos' }).getByRole('listitem').first();
    await expect(item).toContainText('R$ 450,00');
    await expect(item).toContainText('Pendente');
    await item.getByRole('button', { name: 'Registrar' }).click();
    await page.getByRole('alertdialog', { name: 'Registrar pagamento' }).getByRole('button', { name: 'Registrar' }).click();
    await expect(item).toContainText('Pago');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    // the office, on a desktop, sees the same order's document and the paid receivable
    const office = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await login(office, 'admin');
    await office.goto(`/sales-order/${order.documentId}/details`);
    await expect(
      card(office, 'Documentos').getByRole('list', { name: 'Tipos de documento' }).getByRole('listitem').filter({ hasText: 'CNH' }).getByText('Enviado'),
    ).toBeVisible();
    await expect(card(office, 'Dados do pagamento').locator('tbody tr').first()).toContainText('Pago');
    await office.goto(`/receivables?filters=${encodeURIComponent(JSON.stringify({ pedido_id: String(order.id) }))}`);
    await expect(office.locator('tbody tr').filter({ hasText: 'R$ 450,00' })).toContainText('Pago');
    await office.close();
  });
});
