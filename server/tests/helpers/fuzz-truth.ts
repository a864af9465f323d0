import type { DbLink, DbModel } from '../global-setup';
import type { Row, Snapshot } from './fuzz-db';

/**
 * The ground truth of who owns what, computed from a database snapshot (what an administrator
 * sees), NOT from the server's own rules (server/src/utils/scope.ts): the scope oracles would be a
 * tautology otherwise. The rules are docs/architecture.md "Data scope" and docs/decisions.md
 * "Data scope and security", written here a second time from the rows:
 * - an order belongs to its dealership (`user_company_id`), its dispatcher (`user_dispatcher_id`) and
 *   its seller (`user_id`); a salesman also sees the orders of the dealership it sells for;
 * - items and documents belong to their order; receivables and agreements to the dealership and the
 *   dispatcher they name (a salesman: the receivables of orders it sees); document types likewise (a
 *   salesman: its dealership's); notifications to their user;
 * - companies: every dealership is readable, a party's own company record readable and writable;
 * - users: oneself, the party accounts (types company and dispatcher) and one's own people (a
 *   dealership's salesmen; a salesman's dealership account and colleagues) are readable; only oneself is writable;
 * - files: one's own uploads (`uploaded_by`); roles: one's own;
 * - lookup tables are shared for reads; customers are written by non-administrators only while no
 *   order outside their scope uses them; the other lookups and everything else only by administrators.
 */
export const UID = {
  order: 'api::sales-order.sales-order',
  item: 'api::sales-order-item.sales-order-item',
  document: 'api::sales-order-document.sales-order-document',
  receivable: 'api::receivable.receivable',
  agreement: 'api::company-agreement.company-agreement',
  documentType: 'api::document-type.document-type',
  notification: 'api::notification.notification',
  company: 'api::company.company',
  customer: 'api::customer.customer',
  user: 'plugin::users-permissions.user',
  role: 'plugin::users-permissions.role',
  file: 'plugin::upload.file',
  history: 'api::history-entry.history-entry',
} as const;
const LOOKUPS = new Set([
  'api::state.state',
  'api::vehicle-type.vehicle-type',
  'api::payment-method.payment-method',
  'api::sales-item.sales-item',
  UID.customer,
]);
/** Content-types whose rows belong to parties (a record of one of them can make a user, company or file it links readable). */
export const OWNED = new Set<string>([UID.order, UID.item, UID.document, UID.receivable, UID.agreement, UID.documentType, UID.notification]);

/** Who sends a request: the role's login user (null: anonymous). */
export interface Party {
  kind: 'admin' | 'company' | 'dispatcher' | 'salesman' | 'anonymous';
  me: number;
  /** salesman: the login user of its dealership. */
  dealer: number | null;
  /** salesman: its dealership's company id. */
  company: number | null;
  role: number | null;
}

/** A snapshot read as records and relations. */
export class World {
  private readonly byTable = new Map<string, string>();
  private readonly linkIndex = new Map<string, Map<number, number[]>>();
  private readonly reverseIndex = new Map<string, Map<number, number[]>>();
  readonly docIndex = new Map<string, { uid: string; id: number }>();
  constructor(
    readonly snap: Snapshot,
    readonly model: DbModel,
  ) {
    for (const e of model.entities) {
      this.byTable.set(e.table, e.uid);
      for (const row of snap.tables.get(e.table)?.values() ?? []) {
        if (typeof row.document_id === 'string') this.docIndex.set(row.document_id, { uid: e.uid, id: Number(row.id) });
      }
    }
  }
  uidOfTable(table: string): string | undefined {
    return this.byTable.get(table);
  }
  row(uid: string, id: number): Row | undefined {
    const e = this.model.entities.find((x) => x.uid === uid);
    return e ? this.snap.tables.get(e.table)?.get(String(id)) : undefined;
  }
  rows(uid: string): Row[] {
    const e = this.model.entities.find((x) => x.uid === uid);
    return [...(e ? (this.snap.tables.get(e.table)?.values() ?? []) : [])];
  }
  /** Value of attribute `attr` (a column of the table) of row `id`. */
  col(uid: string, id: number, attr: string): unknown {
    const e = this.model.entities.find((x) => x.uid === uid);
    return e ? this.row(uid, id)?.[e.columns[attr] ?? attr] : undefined;
  }
  link(uid: string, attr: string): DbLink | undefined {
    return this.model.links.find((l) => l.ownerUid === uid && l.attribute === attr);
  }
  private index(l: DbLink, reverse: boolean) {
    const cache = reverse ? this.reverseIndex : this.linkIndex;
    let m = cache.get(l.table);
    if (!m) {
      m = new Map();
      for (const r of this.snap.tables.get(l.table)?.values() ?? []) {
        const [from, to] = reverse ? [r[l.targetColumn], r[l.ownerColumn]] : [r[l.ownerColumn], r[l.targetColumn]];
        m.set(Number(from), [...(m.get(Number(from)) ?? []), Number(to)]);
      }
      cache.set(l.table, m);
    }
    return m;
  }
  /** Ids that row `id` of `uid` links through `attr`. */
  targets(uid: string, attr: string, id: number): number[] {
    const l = this.link(uid, attr);
    return l ? (this.index(l, false).get(id) ?? []) : [];
  }
  one(uid: string, attr: string, id: number): number | null {
    return this.targets(uid, attr, id)[0] ?? null;
  }
  /** Ids of `ownerUid` rows whose `attr` links `targetId`. */
  sources(ownerUid: string, attr: string, targetId: number): number[] {
    const l = this.link(ownerUid, attr);
    return l ? (this.index(l, true).get(targetId) ?? []) : [];
  }
  /** Rows of the morph table (files attached to records). */
  attachments(): Array<{ file: number; uid: string; id: number }> {
    return this.model.morphs.flatMap((m) =>
      [...(this.snap.tables.get(m.table)?.values() ?? [])].map((r) => ({
        file: Number(r[m.fileColumn]),
        uid: String(r[m.typeColumn]),
        id: Number(r[m.idColumn]),
      })),
    );
  }
  /** Whether row (uid, id) links (uid2, id2) by any relation or attachment, in either direction. */
  linked(uid: string, id: number, uid2: string, id2: number): boolean {
    const direct = (a: string, x: number, b: string, y: number) =>
      this.model.links.some((l) => l.ownerUid === a && l.targetUid === b && this.targets(a, l.attribute, x).includes(y));
    if (direct(uid, id, uid2, id2) || direct(uid2, id2, uid, id)) return true;
    const att = this.attachments();
    return att.some(
      (a) => (a.file === id2 && uid2 === UID.file && a.uid === uid && a.id === id) || (a.file === id && uid === UID.file && a.uid === uid2 && a.id === id2),
    );
  }
}

/** The party of login user `userId` (null: anonymous), from its row. */
export function partyOf(w: World, userId: number | null): Party {
  if (userId === null) return { kind: 'anonymous', me: -1, dealer: null, company: null, role: null };
  const role = w.one(UID.user, 'role', userId);
  const roleType = role === null ? null : w.col(UID.role, role, 'type');
  const type = String(w.col(UID.user, userId, 'type') ?? '');
  if (type === 'admin' || roleType === 'administrador') return { kind: 'admin', me: userId, dealer: null, company: null, role };
  if (type === 'company' || type === 'dispatcher') return { kind: type, me: userId, dealer: null, company: null, role };
  const company = w.one(UID.user, 'company_id', userId);
  const dealer = company === null ? null : w.one(UID.company, 'user_id', company);
  return { kind: 'salesman', me: userId, dealer, company, role };
}

function orderVisible(w: World, p: Party, order: number | null): boolean {
  if (order === null || !w.row(UID.order, order)) return false;
  const dealer = w.one(UID.order, 'user_company_id', order);
  if (p.kind === 'company') return dealer === p.me;
  if (p.kind === 'dispatcher') return w.one(UID.order, 'user_dispatcher_id', order) === p.me;
  return w.one(UID.order, 'user_id', order) === p.me || (p.dealer !== null && dealer === p.dealer);
}

/** The party fields rule shared by receivables, agreements and document types. */
function byParties(w: World, p: Party, uid: string, id: number): boolean {
  if (p.kind === 'company') return w.one(uid, 'user_company_id', id) === p.me;
  if (p.kind === 'dispatcher') return w.one(uid, 'user_dispatcher_id', id) === p.me;
  return false;
}

/** Users that are `p`'s own people: a dealership's salesmen; a salesman's dealership account and colleagues. */
export function ownPerson(w: World, p: Party, user: number): boolean {
  if (p.kind === 'salesman' && p.dealer !== null && user === p.dealer) return true;
  const company = w.one(UID.user, 'company_id', user);
  if (company === null) return false;
  if (p.kind === 'company') return w.one(UID.company, 'user_id', company) === p.me;
  return p.kind === 'salesman' && p.company !== null && company === p.company;
}

/** Whether `p` may read row `id` of `uid` on its own (without a record that links it). */
export function readable(w: World, p: Party, uid: string, id: number): boolean {
  if (p.kind === 'admin') return true;
  if (p.kind === 'anonymous' || !w.row(uid, id)) return false;
  switch (uid) {
    case UID.order:
      return orderVisible(w, p, id);
    case UID.item:
    case UID.document:
      return orderVisible(w, p, w.one(uid, 'sales_order', id));
    case UID.receivable:
      return p.kind === 'salesman' ? orderVisible(w, p, w.one(uid, 'sales_order', id)) : byParties(w, p, uid, id);
    case UID.agreement:
      return byParties(w, p, uid, id);
    case UID.documentType:
      return p.kind === 'salesman' ? p.dealer !== null && w.one(uid, 'user_company_id', id) === p.dealer : byParties(w, p, uid, id);
    case UID.notification:
      return w.one(uid, 'user', id) === p.me;
    case UID.company:
      return w.col(uid, id, 'type') === 'company' || w.one(uid, 'user_id', id) === p.me;
    case UID.user:
      return id === p.me || ['company', 'dispatcher'].includes(String(w.col(uid, id, 'type'))) || ownPerson(w, p, id);
    case UID.file:
      return Number(w.col(uid, id, 'uploaded_by')) === p.me;
    case UID.role:
      return id === p.role;
    case UID.history: {
      // an entry: of a record the caller reads now, or of an item, document or payment of an order it reads
      const record = w.docIndex.get(String(w.col(uid, id, 'record_document_id')));
      if (record && record.uid === w.col(uid, id, 'content_type') && readable(w, p, record.uid, record.id)) return true;
      const parent = w.docIndex.get(String(w.col(uid, id, 'parent_document_id')));
      return parent?.uid === UID.order && readable(w, p, UID.order, parent.id);
    }
    default:
      return LOOKUPS.has(uid);
  }
}

/** Whether `p` may create, change or delete row `id` of `uid` (its state in `w`). */
export function writable(w: World, p: Party, uid: string, id: number): boolean {
  if (p.kind === 'admin') return true;
  if (p.kind === 'anonymous' || !w.row(uid, id)) return false;
  switch (uid) {
    case UID.company:
      return (p.kind === 'company' || p.kind === 'dispatcher') && w.one(uid, 'user_id', id) === p.me;
    case UID.user:
      return id === p.me;
    case UID.customer:
      return w.sources(UID.order, 'customer_id', id).every((order) => orderVisible(w, p, order));
    case UID.file:
    case UID.order:
    case UID.item:
    case UID.document:
    case UID.receivable:
    case UID.agreement:
    case UID.documentType:
    case UID.notification:
      return readable(w, p, uid, id);
    default:
      return false;
  }
}

/**
 * Whether a record `p` writes may link row `id` of `uid` through a relation (`oneToOne`: only a
 * row it may write, e.g. company.user_id = itself), in the world before (`wb`) or, for rows that did
 * not exist yet, after (`wa`) the writes.
 */
export function referable(wb: World, wa: World, p: Party, uid: string, id: number, relation: string): boolean {
  const check = relation === 'oneToOne' ? writable : readable;
  return wb.row(uid, id) ? check(wb, p, uid, id) : check(wa, p, uid, id);
}

/** Scalar attributes that hold another record's numeric id (docs/architecture.md: a receivable's `pedido_id` is its order's id). */
export const SCALAR_REFERENCES: Record<string, Record<string, string>> = {
  [UID.receivable]: { pedido_id: UID.order },
};

/** User attributes only an administrator sets (spec 000: the profile's role and type are read-only; a salesman's dealership is the administrator's). */
export const USER_FIXED = ['type', 'role', 'company_id'];
