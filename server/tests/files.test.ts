import { describe, expect, it } from 'vitest';
import { api, getOrigin, login, originUrl } from './helpers/api';
import { fileForm, SAMPLES } from './helpers/files';

async function upload(token: string, name: string, bytes: Buffer, type?: string) {
  return api('POST', '/upload', { token, body: fileForm(name, bytes, type) });
}

describe('POST /upload', () => {
  it('accepts pdf, png, jpg, jpeg, webp and heic, recognised by content', async () => {
    const token = await login('despachante');
    for (const [name, bytes] of [
      ['doc.pdf', SAMPLES.pdf],
      ['foto.png', SAMPLES.png],
      ['foto.jpg', SAMPLES.jpg],
      ['foto.JPEG', SAMPLES.jpg],
      ['foto.webp', SAMPLES.webp],
      ['foto.heic', SAMPLES.heic],
    ] as const) {
      const res = await upload(token, name, bytes);
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(201);
      expect(Array.isArray(res.body)).toBe(true);
      expect(typeof res.body[0].id).toBe('number');
      expect(res.body[0].url).toMatch(/^\/uploads\//);
    }
  });

  it('refuses disguised files (an exe or html named .pdf, a png named .pdf) with a readable 400', async () => {
    const token = await login('despachante');
    for (const [name, bytes] of [
      ['contrato.pdf', SAMPLES.exe],
      ['contrato.pdf', SAMPLES.html],
      ['imagem.pdf', SAMPLES.png],
      ['script.html', SAMPLES.html],
      ['doc.exe', SAMPLES.pdf],
    ] as const) {
      const res = await upload(token, name, bytes, 'application/pdf');
      expect(res.status, name).toBe(400);
      expect(res.body.error.message).toMatch(/Tipo de arquivo não permitido/);
    }
  });

  it('refuses a file over 15 MB', async () => {
    const big = Buffer.concat([SAMPLES.pdf, Buffer.alloc(16 * 1024 * 1024, 0x20)]);
    const res = await upload(await login('despachante'), 'grande.pdf', big);
    expect(res.status).toBe(413);
    expect(res.body.error.message).toMatch(/15 MB/);
  });

  it('refuses anonymous uploads, the vendedor role, and replacing files (?id=) by non-admins', async () => {
    expect((await upload('', 'doc.pdf', SAMPLES.pdf)).status).toBe(403);
    expect((await upload(await login('vendedor'), 'doc.pdf', SAMPLES.pdf)).status).toBe(403);
    const token = await login('despachante');
    const first = await upload(token, 'doc.pdf', SAMPLES.pdf);
    const replace = await api('POST', `/upload?id=${first.body[0].id}`, { token, body: fileForm('doc.pdf', SAMPLES.pdf) });
    expect(replace.status).toBe(403);
  });
});

describe('private files and signed URLs', () => {
  it('serves /uploads only with a valid signature; unsigned, tampered and expired are refused', async () => {
    const admin = await login('admin');
    const up = await upload(admin, 'segredo.pdf', SAMPLES.pdf);
    const file = up.body[0];
    expect((await getOrigin(file.url)).status).toBe(403);

    const signed = await api('GET', `/document-types/get-signed-url?fileDocId=${file.documentId}&fileUrl=${encodeURIComponent(file.url)}`, { token: admin });
    expect(signed.status).toBe(200);
    const url: string = signed.body.data.signedUrl;
    expect(url.startsWith(`${file.url}?expires=`)).toBe(true); // relative: no PUBLIC_URL in tests
    const ok = await getOrigin(url);
    expect(ok.status).toBe(200);
    expect(ok.body.subarray(0, 5).toString()).toBe('%PDF-');

    const u = new URL(url, originUrl());
    const sig = u.searchParams.get('signature')!;
    const tampered = new URL(url, originUrl());
    tampered.searchParams.set('signature', (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1));
    expect((await getOrigin(tampered.toString())).status).toBe(403);
    const longer = new URL(url, originUrl());
    longer.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 3600));
    expect((await getOrigin(longer.toString())).status).toBe(403);
    const otherFile = new URL(url, originUrl());
    otherFile.pathname = '/uploads/outro.pdf';
    expect((await getOrigin(otherFile.toString())).status).toBe(403);

    // An expired link: signed with the server's own function, one second in the past.
    const { signFileUrl } = await import('../src/utils/signed-url');
    const expired = signFileUrl(file.url, -1);
    expect((await getOrigin(expired)).status).toBe(410);
  });

  it('get-signed-url: 401 anonymous, 404 unknown file, 400 without parameters, 403 for a file outside the caller’s scope', async () => {
    const admin = await login('admin');
    const up = await upload(admin, 'privado.pdf', SAMPLES.pdf);
    const anon = await api('GET', `/document-types/get-signed-url?fileDocId=${up.body[0].documentId}`);
    expect(anon.status).toBe(401);
    expect(anon.body.error.message).toBe('Não autenticado: Faça login para acessar este arquivo');
    const missing = await api('GET', '/document-types/get-signed-url?fileDocId=naoexiste123', { token: admin });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Arquivo não encontrado no storage');
    expect((await api('GET', '/document-types/get-signed-url', { token: admin })).status).toBe(400);
    const denied = await api('GET', `/document-types/get-signed-url?fileDocId=${up.body[0].documentId}`, { token: await login('concessionaria') });
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toBe('Acesso negado: Você não tem permissão para acessar este arquivo');
    const mismatch = await api('GET', `/document-types/get-signed-url?fileDocId=${up.body[0].documentId}&fileUrl=${encodeURIComponent('/uploads/other.pdf')}`, {
      token: admin,
    });
    expect(mismatch.status).toBe(404);
  });
});
