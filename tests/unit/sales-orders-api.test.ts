import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchOrderDocuments, fetchSignedUrl, uploadOrderDocument } from '@/features/order-documents/api';
import { createOrderPayment, newOrderPaymentInput } from '@/features/order-payments/api';
import { ApiError } from '@/lib/api';

/**
 * The two functions the offline outbox will replay: plain data in,
 * the created record out, the same request (and Idempotency-Key) on every retry.
 */

type Call = { url: string; method: string; headers: Headers; body: unknown };

function stubFetch(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call: Call = {
        url: String(input instanceof Request ? input.url : input),
        method: (init?.method ?? 'GET').toUpperCase(),
        headers: new Headers(init?.headers),
        body: init?.body instanceof FormData ? init.body : init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('createOrderPayment', () => {
  it('posts the pending payment with its Idempotency-Key and returns the record in centavos', async () => {
    const calls = stubFetch(() =>
      json({ data: { id: 7, documentId: 'r7', amount_original: '300.01', amount_final: 300.01, installments: 3, status_in: 'pending' } }, 201),
    );
    const input = newOrderPaymentInput({ orderId: 42, paymentMethodId: 1, amount: 30001, installments: 3 }, new Date('2026-11-21T12:00:00Z'));
    const created = await createOrderPayment(input);
    expect(created).toMatchObject({ id: 7, amount_original: 30001, amount_final: 30001, status_in: 'pending' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url).toMatch(/\/receivables$/);
    expect(calls[0]!.headers.get('Idempotency-Key')).toBe(input.idempotencyKey);
    expect(calls[0]!.body).toEqual({
      data: {
        pedido_id: 42,
        sales_order: 42,
        payment_method_id: 1,
        amount_original: 300.01,
        amount_final: 300.01,
        installments: 3,
        status_in: 'pending',
        payment_date: '2026-11-21T12:00:00.000Z',
        custom_document_id: `SO-42-${Date.parse('2026-11-21T12:00:00Z')}`,
      },
    });
  });

  it('sends the identical request when retried with the same input', async () => {
    const calls = stubFetch(() => json({ data: { id: 7, documentId: 'r7' } }, 201));
    const input = newOrderPaymentInput({ orderId: 1, paymentMethodId: 2, amount: 100, installments: 1 });
    await createOrderPayment(input);
    await createOrderPayment(structuredClone(input));
    expect(calls[1]!.body).toEqual(calls[0]!.body);
    expect(calls[1]!.headers.get('Idempotency-Key')).toBe(calls[0]!.headers.get('Idempotency-Key'));
  });

  it('throws ApiError with the server message', async () => {
    stubFetch(() => json({ data: null, error: { status: 400, name: 'ValidationError', message: 'Valor inválido' } }, 400));
    await expect(createOrderPayment(newOrderPaymentInput({ orderId: 1, paymentMethodId: 2, amount: 100, installments: 1 }))).rejects.toMatchObject({
      status: 400,
      message: 'Valor inválido',
    });
  });
});

describe('uploadOrderDocument', () => {
  const file = new Blob(['%PDF-1.4'], { type: 'application/pdf' });

  it('uploads the blob, links it to the order and returns the order document', async () => {
    const calls = stubFetch((c) =>
      c.url.includes('/upload')
        ? json([{ id: 55, documentId: 'f55', url: '/uploads/a.pdf' }], 201)
        : json({ data: { id: 9, documentId: 'd9', document_type: { id: 3, name: 'CRLV' }, content: { id: 55, url: '/uploads/a.pdf' } } }, 201),
    );
    const doc = await uploadOrderDocument({ orderId: 42, documentType: { id: 3 }, file, fileName: 'a.pdf', idempotencyKey: 'k1' });
    expect(doc).toMatchObject({ id: 9, documentId: 'd9' });
    expect(calls.map((c) => [c.method, c.url.replace(/^.*\/api/, ''), c.headers.get('Idempotency-Key')])).toEqual([
      ['POST', '/upload', 'k1:upload'],
      ['POST', '/sales-order-documents', 'k1:document'],
    ]);
    const form = calls[0]!.body as FormData;
    expect((form.get('files') as File).name).toBe('a.pdf');
    expect(calls[1]!.body).toEqual({ data: { sales_order: 42, document_type: 3, content: 55 } });
  });

  it('resolves a type by name and reports an unknown one', async () => {
    stubFetch((c) =>
      c.url.includes('/document-types')
        ? json({ data: [{ id: 3, name: 'Comprovante de residência' }], meta: { pagination: { page: 1, pageSize: 100, pageCount: 1, total: 1 } } })
        : json({}, 500),
    );
    await expect(uploadOrderDocument({ orderId: 1, documentType: { name: 'RG' }, file, fileName: 'a.pdf', idempotencyKey: 'k' })).rejects.toThrow(
      'Tipo de documento "RG" não encontrado',
    );
  });

  it('maps the failures to the spec messages', async () => {
    stubFetch(() => new Response('boom', { status: 500 }));
    await expect(uploadOrderDocument({ orderId: 1, documentType: { id: 3 }, file, fileName: 'a.pdf', idempotencyKey: 'k' })).rejects.toThrow(
      'Falha no upload do arquivo',
    );

    stubFetch(() => json([{}], 201));
    await expect(uploadOrderDocument({ orderId: 1, documentType: { id: 3 }, file, fileName: 'a.pdf', idempotencyKey: 'k' })).rejects.toThrow(
      'Document ID do arquivo não encontrado.',
    );

    stubFetch((c) =>
      c.url.includes('/upload')
        ? json([{ id: 5 }], 201)
        : json({ data: null, error: { status: 400, name: 'ValidationError', message: 'document_type inválido' } }, 400),
    );
    const error = await uploadOrderDocument({ orderId: 1, documentType: { id: 3 }, file, fileName: 'a.pdf', idempotencyKey: 'k' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Erro ao salvar documento: document_type inválido');
  });
});

describe('documents reads', () => {
  it('reads data.signedUrl, and says so when it is missing', async () => {
    const calls = stubFetch(() => json({ data: { signedUrl: 'http://x/uploads/a.pdf?expires=1&signature=2' } }));
    const doc = { id: 1, documentId: 'd1', sales_order: null, document_type: null, content: { id: 5, documentId: 'f5', url: '/uploads/a.pdf' } };
    await expect(fetchSignedUrl(doc)).resolves.toBe('http://x/uploads/a.pdf?expires=1&signature=2');
    expect(decodeURIComponent(calls[0]!.url)).toContain('get-signed-url?fileDocId=f5&fileUrl=/uploads/a.pdf');
    stubFetch(() => json({ data: {} }));
    await expect(fetchSignedUrl(doc)).rejects.toThrow('URL assinada não encontrada na resposta do servidor');
  });

  it('falls back to all documents filtered locally when the filtered call fails', async () => {
    const page = (data: unknown[]) => ({ data, meta: { pagination: { page: 1, pageSize: 100, pageCount: 1, total: data.length } } });
    const calls = stubFetch((c) =>
      c.url.includes('filters')
        ? json({ error: { status: 400, message: 'Invalid key' } }, 400)
        : json(
            page([
              { id: 1, documentId: 'a', sales_order: { id: 42 } },
              { id: 2, documentId: 'b', sales_order: { id: 7 } },
            ]),
          ),
    );
    const docs = await fetchOrderDocuments(42);
    expect(docs.map((d) => d.documentId)).toEqual(['a']);
    expect(calls).toHaveLength(2);
  });
});
