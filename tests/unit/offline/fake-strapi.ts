/**
 * A fake of the four Strapi endpoints the outbox talks to, as a `fetch` (the outbox's peer in
 * the unit tests; e2e uses the real server). It keeps Idempotency-Keys like
 * server/src/middlewares/idempotency.ts (stored answer replayed; same key with another body →
 * 422; 5xx/401/409 release the key), answers 409 with `details` like the receivable service
 * (custom_document_id taken → `{documentId, id}`; confirm/undo from the wrong state →
 * `{status_in}`), and can be told to fail requests one by one:
 * - 'offline': no answer, nothing done;
 * - '500': answers 500, nothing done;
 * - 'lose': does the work, then the answer is lost (network error);
 * - 'crash': does the work, then never answers (the tab is killed meanwhile).
 * `effects` is the log of what the server did, per order, in order.
 */
export type Fault = 'ok' | 'offline' | '500' | 'lose' | 'crash';

interface Payment {
  id: number;
  documentId: string;
  orderId: number;
  customId: string;
  status: 'pending' | 'paid' | 'reversed';
}

const RELEASE = new Set([401, 403, 408, 409, 429]);

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function error(status: number, name: string, message: string, details: Record<string, unknown> = {}) {
  return { status, body: { data: null, error: { status, name, message, details } } };
}

export class FakeStrapi {
  faults: Fault[] = [];
  token = 'tok-1';
  nextId = 1;
  payments = new Map<string, Payment>();
  files = new Map<number, { name: string; size: number }>();
  /** How many files were stored under each name (each upload must store exactly one). */
  fileCount = new Map<string, number>();
  effects = new Map<number, string[]>();
  requests = 0;
  private keys = new Map<string, { hash: string; status: number; body: unknown }>();
  private hangListeners: Array<() => void> = [];

  /** Resolves at the next 'crash' (the server did the work and will never answer). */
  nextHang(): Promise<void> {
    return new Promise((resolve) => this.hangListeners.push(resolve));
  }

  private effect(orderId: number, what: string) {
    const list = this.effects.get(orderId) ?? [];
    list.push(what);
    this.effects.set(orderId, list);
  }

  paymentByCustomId(customId: string): Payment | undefined {
    for (const p of this.payments.values()) if (p.customId === customId) return p;
    return undefined;
  }

  fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    this.requests += 1;
    const fault = this.faults.shift() ?? 'ok';
    if (fault === 'offline') throw new TypeError('Failed to fetch');
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0]!;
    const headers = new Headers(init.headers);
    if (headers.get('authorization') !== `Bearer ${this.token}`) {
      return json(401, { data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials', details: {} } });
    }
    if (fault === '500') return json(500, { data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error', details: {} } });

    const answer = await this.handle(init.method ?? 'GET', path, headers.get('idempotency-key'), init.body);
    if (fault === 'lose') throw new TypeError('Failed to fetch');
    if (fault === 'crash') {
      for (const l of this.hangListeners.splice(0)) l();
      return new Promise<Response>(() => undefined);
    }
    const res = json(answer.status, answer.body);
    if (answer.replayed) res.headers.set('Idempotent-Replayed', 'true');
    return res;
  };

  private async handle(method: string, path: string, key: string | null, body: unknown): Promise<{ status: number; body: unknown; replayed?: boolean }> {
    const keyed = method === 'POST' && key && ['/api/receivables', '/api/upload', '/api/sales-order-documents'].includes(path);
    if (!keyed) return this.route(method, path, body);
    const hash = `${path}|${await this.hashBody(body)}`;
    const stored = this.keys.get(key);
    if (stored) {
      if (stored.hash !== hash) return error(422, 'UnprocessableEntityError', 'Idempotency-Key já usada com outro conteúdo');
      return { status: stored.status, body: stored.body, replayed: true };
    }
    const answer = await this.route(method, path, body);
    if (answer.status < 500 && !RELEASE.has(answer.status)) this.keys.set(key, { hash, status: answer.status, body: answer.body });
    return answer;
  }

  private async hashBody(body: unknown): Promise<string> {
    if (body instanceof FormData) {
      const parts: string[] = [];
      for (const [name, value] of body.entries()) {
        parts.push(typeof value === 'string' ? `${name}=${value}` : `${name}:${(value as File).name}:${(value as Blob).size}:${await (value as Blob).text()}`);
      }
      return parts.join('&');
    }
    return typeof body === 'string' ? body : JSON.stringify(body ?? null);
  }

  private async route(method: string, path: string, body: unknown): Promise<{ status: number; body: unknown }> {
    const parsed = typeof body === 'string' ? (JSON.parse(body) as { data?: Record<string, unknown> }) : undefined;
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/api/receivables') {
      const data = parsed?.data ?? {};
      const customId = String(data.custom_document_id);
      const taken = this.paymentByCustomId(customId);
      if (taken) return error(409, 'ConflictError', 'Pagamento já registrado com este custom_document_id', { documentId: taken.documentId, id: taken.id });
      if (!(Number(data.amount_original) >= 0.01)) return error(400, 'ValidationError', 'Valor deve ser maior que zero');
      const id = this.nextId++;
      const p: Payment = { id, documentId: `pay-${id}`, orderId: Number(data.pedido_id), customId, status: 'pending' };
      this.payments.set(p.documentId, p);
      this.effect(p.orderId, `create:${customId}`);
      return { status: 201, body: { data: this.paymentJson(p, data) } };
    }
    if (method === 'POST' && (m = path.match(/^\/api\/receivables\/(confirm|undo)\/([^/]+)$/))) {
      const [, action, documentId] = m;
      const p = this.payments.get(decodeURIComponent(documentId!));
      if (!p) return error(404, 'NotFoundError', 'Não encontrado');
      const from = action === 'confirm' ? 'pending' : 'paid';
      if (p.status !== from) return error(409, 'ConflictError', `Pagamento está ${p.status}`, { status_in: p.status });
      p.status = action === 'confirm' ? 'paid' : 'reversed';
      this.effect(p.orderId, `${action}:${p.customId}`);
      return { status: 200, body: { data: this.paymentJson(p, {}) } };
    }
    if (method === 'POST' && path === '/api/upload' && body instanceof FormData) {
      const file = body.get('files') as File | null;
      if (!file) return error(400, 'ValidationError', 'Nenhum arquivo');
      const id = this.nextId++;
      this.files.set(id, { name: file.name, size: file.size });
      this.fileCount.set(file.name, (this.fileCount.get(file.name) ?? 0) + 1);
      return { status: 201, body: [{ id, documentId: `file-${id}`, url: `/uploads/${id}` }] };
    }
    if (method === 'POST' && path === '/api/sales-order-documents') {
      const data = parsed?.data ?? {};
      const file = this.files.get(Number(data.content));
      if (!file) return error(400, 'ValidationError', 'Arquivo inválido');
      const orderId = Number(data.sales_order);
      const id = this.nextId++;
      this.effect(orderId, `doc:${file.name}`);
      return {
        status: 201,
        body: {
          data: {
            id,
            documentId: `doc-${id}`,
            sales_order: { id: orderId },
            document_type: { id: Number(data.document_type) },
            content: { id: Number(data.content), url: `/uploads/${data.content}` },
          },
        },
      };
    }
    return error(404, 'NotFoundError', 'Not Found');
  }

  private paymentJson(p: Payment, data: Record<string, unknown>) {
    return {
      id: p.id,
      documentId: p.documentId,
      pedido_id: p.orderId,
      custom_document_id: p.customId,
      payment_method_id: data.payment_method_id ? { id: Number(data.payment_method_id) } : null,
      amount_original: data.amount_original ?? 1,
      amount_final: data.amount_final ?? 1,
      installments: data.installments ?? 1,
      status_in: p.status,
    };
  }
}
