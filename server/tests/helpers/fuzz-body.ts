import fc from 'fast-check';
import type { ApiContentType } from '../global-setup';
import { SAMPLES } from './files';
import { nest, scalar, typedScalar, UNKNOWN_FIELDS, WEIRD_SCALARS, type Attribute, type FuzzModel } from './fuzz-scalars';
import { SCALAR_REFERENCES, UID } from './fuzz-truth';
import { idScalar, relationValue } from './fuzz-values';

/**
 * Write bodies: JSON records shaped by the content-type's schema (every relation, media and id-like
 * field given ids in every form of fuzz-values.ts, rows inside and outside the caller's scope), junk
 * JSON, raw text, and multipart bodies (files with `fileInfo`, `ref`/`refId`/`field` attaching the
 * upload to a record, or `data` + `files.<media field>` for a content-type's create).
 */
export type MultipartPart = { name: string; value: unknown } | { name: string; file: keyof typeof SAMPLES; filename: string };
export type BodySpec = { json: unknown } | { raw: string; contentType: string } | { multipart: MultipartPart[] };

/** Attributes holding another row's id without being a relation (`pedido_id`), and where they point. */
function idLikeTarget(m: FuzzModel, ct: ApiContentType | undefined, name: string, attr: Attribute): string | null {
  const known = ct ? SCALAR_REFERENCES[ct.uid]?.[name] : undefined;
  if (known) return known;
  if (!/(^|_)id$/i.test(name) || !['integer', 'biginteger', 'string'].includes(attr.type)) return null;
  const owned = [...m.types.keys()].filter((u) => u.startsWith('api::'));
  return owned[name.length % owned.length] ?? null;
}

/** A value of the attribute's type (ids in every form for relations and id-like fields): `right`; or junk of any shape: `any`. */
function attributeValue(m: FuzzModel, ct: ApiContentType | undefined, name: string, attr: Attribute) {
  const wrong = fc.jsonValue({ maxDepth: 2 });
  let right: fc.Arbitrary<unknown>;
  const idTarget = idLikeTarget(m, ct, name, attr);
  if (attr.type === 'relation' && attr.target) right = relationValue(attr.target);
  else if (attr.type === 'media') right = relationValue(UID.file);
  else if (idTarget) right = fc.oneof({ weight: 4, arbitrary: idScalar(idTarget) }, { weight: 1, arbitrary: typedScalar(attr) });
  else
    switch (attr.type) {
      case 'integer':
      case 'biginteger':
      case 'float':
      case 'decimal':
        right = fc.oneof(
          {
            weight: 4,
            arbitrary: fc.oneof(
              fc.integer({ min: 0, max: 5000 }),
              fc.integer({ min: 1, max: 999_999 }).map((c) => c / 100),
            ),
          },
          { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String)) },
          { weight: 1, arbitrary: fc.constantFrom(1e20, -1, 0, 0.001, 99999999.99, 100000000, 2147483648, '12', 'abc', '1e309', 'NaN') },
          { weight: 1, arbitrary: typedScalar(attr) },
        );
        break;
      case 'boolean':
        right = fc.oneof(fc.boolean(), fc.constantFrom('true', 'sim', 1, 0, 'false', ''));
        break;
      case 'date':
      case 'datetime':
      case 'time':
      case 'timestamp':
        right = fc.oneof(
          { weight: 4, arbitrary: fc.date({ noInvalidDate: true, min: new Date('2020-01-01'), max: new Date('2030-01-01') }).map((d) => d.toISOString()) },
          { weight: 1, arbitrary: fc.date({ noInvalidDate: true, min: new Date(-1e14), max: new Date(1e14) }).map((d) => d.toISOString()) },
          { weight: 1, arbitrary: fc.constantFrom('2026-02-30', 'ontem', '99999-01-01', '2026-01-01', '25:00', '12:00:00.000', 0, -1, 1e15) },
        );
        break;
      case 'enumeration':
        right = fc.oneof(fc.constantFrom(...((attr.enum as string[]) ?? ['x'])), fc.string({ maxLength: 10 }));
        break;
      case 'json':
        right = fc.jsonValue({ maxDepth: 4 });
        break;
      default:
        right = fc.oneof(
          { weight: 5, arbitrary: fc.string({ maxLength: 40 }) },
          { weight: 1, arbitrary: fc.constantFrom(...WEIRD_SCALARS) },
          { weight: 1, arbitrary: fc.constantFrom('x'.repeat(300), 'x'.repeat(70_000), 'a@b.co', '52998224725', '11222333000181') },
        );
    }
  return { right, any: fc.oneof({ weight: 6, arbitrary: right }, { weight: 1, arbitrary: wrong }) };
}

/** Attributes Strapi sets itself: a body naming them is refused ('Invalid key'). */
const MANAGED = ['createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy', 'locale', 'localizations'];

/** Fields of the users-permissions routes that have no content-type of their own (auth, change-password). */
const AUTH_FIELDS = ['identifier', 'password', 'email', 'code', 'passwordConfirmation', 'currentPassword', 'username', 'provider', 'name'];

/**
 * A record for `ct`: every attribute optional with any value, plus unknown or system keys; or the
 * required attributes and a few (up to four, or up to two) others with values of their type — the
 * last two pass validation more often, so the scope of what they write is tested.
 */
function record(m: FuzzModel, ct: ApiContentType | undefined, secretOk: boolean): fc.Arbitrary<Record<string, unknown>> {
  const any: Record<string, fc.Arbitrary<unknown>> = {};
  const right: Record<string, fc.Arbitrary<unknown>> = {};
  // the seeded password only where it signs in: a generated password change of a seeded login would lock the run out
  const passwords = secretOk ? ['52998224725', 'Balcao@2026', 'a@b.co', ''] : ['52998224725', 'Balcao@2025', 'a@b.co', ''];
  if (ct)
    for (const [name, attr] of Object.entries(ct.attributes)) {
      if (attr.type === 'relation' && !m.types.has(attr.target ?? '')) continue;
      const v = attributeValue(m, ct, name, attr);
      any[name] = v.any;
      // what Strapi manages itself (timestamps, locales) is sent only in the junk records
      if (!MANAGED.includes(name)) right[name] = v.right;
    }
  else
    for (const name of AUTH_FIELDS)
      right[name] = any[name] = fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom(...passwords), fc.jsonValue({ maxDepth: 2 }));
  const extra = fc.oneof(
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...UNKNOWN_FIELDS, 'id', 'documentId', 'createdAt', 'locale'), scalar, { maxKeys: 2 }) },
    { weight: 3, arbitrary: fc.constant({}) },
  );
  const full = fc.tuple(fc.record(any, { requiredKeys: [] }), extra).map(([a, b]) => ({ ...b, ...a }));
  const names = Object.keys(right);
  if (!names.length) return full;
  const required = ct ? names.filter((n) => ct.attributes[n]?.required) : [];
  const pick = (keys: string[]) => fc.record(Object.fromEntries(keys.map((k) => [k, right[k]]))) as fc.Arbitrary<Record<string, unknown>>;
  const plausible = fc.subarray(names, { maxLength: Math.min(4, names.length) }).chain((more) => pick([...new Set([...required, ...more])]));
  const sparse = fc.subarray(names, { minLength: 1, maxLength: Math.min(2, names.length) }).chain((few) => pick([...new Set([...required, ...few])]));
  return fc.oneof({ weight: 2, arbitrary: full }, { weight: 3, arbitrary: plausible }, { weight: 2, arbitrary: sparse });
}

/** A write body for a route of content-type `ct` ({data: {...}} or bare, for users-permissions), or junk. */
export function writeBody(m: FuzzModel, ct: ApiContentType | undefined, secretOk: boolean): fc.Arbitrary<BodySpec> {
  const rec = record(m, ct, secretOk);
  // users-permissions takes bare bodies, the content-types `{data}`
  const bare = !ct || ct.uid.startsWith('plugin::users-permissions');
  const json = fc.oneof(
    { weight: bare ? 2 : 12, arbitrary: rec.map((d) => ({ data: d })) },
    { weight: bare ? 12 : 2, arbitrary: rec },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.record({ data: fc.jsonValue({ maxDepth: 3 }) }) },
    { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 10, max: 60 }), fc.constantFrom('data', 'a', 'connect')).map(([n, k]) => ({ data: nest(n, k, 1) })) },
  );
  return fc.oneof(
    { weight: 20, arbitrary: json.map((j) => ({ json: j })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('{"data": {', 'null', '', '[]', '"x"', '{"data":{"a":1}}}').map((raw) => ({ raw, contentType: 'application/json' })),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map((raw) => ({ raw: raw || 'x', contentType: 'text/plain' })) },
    { weight: 1, arbitrary: fc.constantFrom('a=1&a[b]=2&data[x][$eq]=1', 'data=1').map((raw) => ({ raw, contentType: 'application/x-www-form-urlencoded' })) },
    { weight: 2, arbitrary: multipartBody(m, ct) },
  );
}

const fileParts = (name: string) =>
  fc.array(
    fc
      .tuple(fc.constantFrom<keyof typeof SAMPLES>('png', 'pdf', 'png', 'pdf', 'jpg', 'html', 'exe'), fc.constantFrom('doc', 'foto', '../x', 'a b'))
      .map(([file, base]) => ({ name, file, filename: `${base}.${file}` })),
    { minLength: 1, maxLength: 2 },
  );

/** The media fields of the model: [uid, attribute name]. */
const mediaFields = (m: FuzzModel) =>
  [...m.types.values()].flatMap((t) =>
    Object.entries(t.attributes)
      .filter(([, a]) => a.type === 'media')
      .map(([n]) => [t.uid, n] as const),
  );

/**
 * A multipart body: for the upload route, files with optional `fileInfo` and `ref`/`refId`/`field`
 * (the upload plugin attaches the new file to that record's media field); for a content-type with
 * media fields, `data` (JSON) plus `files.<field>`.
 */
export function multipartBody(m: FuzzModel, ct: ApiContentType | undefined): fc.Arbitrary<BodySpec> {
  const media = ct ? Object.entries(ct.attributes).filter(([, a]) => a.type === 'media') : [];
  if (ct && ct.uid !== UID.file && media.length) {
    return fc
      .tuple(record(m, ct, false), fc.constantFrom(...media.map(([n]) => n)))
      .chain(([data, field]) => fileParts(`files.${field}`).map((files) => ({ multipart: [{ name: 'data', value: data }, ...files] as MultipartPart[] })));
  }
  const refs = mediaFields(m);
  const fileInfo = fc.record(
    { name: fc.constantFrom('x.pdf', 'logo.png', ''), alternativeText: fc.string({ maxLength: 8 }), caption: scalar },
    { requiredKeys: [] },
  );
  const attach: fc.Arbitrary<MultipartPart[]> = refs.length
    ? fc.constantFrom(...refs).chain(([uid, field]) =>
        fc.tuple(idScalar(uid), fc.constantFrom(field, 'logo', 'content', 'nope')).map(([refId, f]) => [
          { name: 'ref', value: uid },
          { name: 'refId', value: refId },
          { name: 'field', value: f },
        ]),
      )
    : fc.constant([] as MultipartPart[]);
  return fc
    .tuple(fileParts('files'), fc.option(fileInfo, { nil: undefined }), fc.option(attach, { nil: undefined }))
    .map(([files, info, att]) => ({ multipart: [...files, ...(info ? [{ name: 'fileInfo', value: info }] : []), ...(att ?? [])] as MultipartPart[] }));
}
