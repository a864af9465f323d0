import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed file URLs.
 * signature = hex HMAC-SHA256(`${path}\n${expires}`, FILE_SIGNING_SECRET), expires in unix seconds.
 * `path` is the URL path of the stored file (e.g. /uploads/cnh_ab12.pdf), without query string.
 */
function secret(): string {
  const s = process.env.FILE_SIGNING_SECRET || process.env.JWT_SECRET;
  if (!s) throw new Error('FILE_SIGNING_SECRET is not set');
  return s;
}

/** Lifetime of a signed URL in seconds (FILE_URL_TTL_SECONDS, default 600 = 10 minutes). */
export function signedUrlTtl(): number {
  const n = Number(process.env.FILE_URL_TTL_SECONDS);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 600;
}

/** hex signature of (path, expires). */
export function signPath(path: string, expires: number): string {
  return createHmac('sha256', secret()).update(`${path}\n${expires}`).digest('hex');
}

/** `${path}?expires=…&signature=…`, valid for ttlSeconds (default signedUrlTtl()). */
export function signFileUrl(path: string, ttlSeconds = signedUrlTtl(), now = Date.now()): string {
  const expires = Math.floor(now / 1000) + ttlSeconds;
  return `${path}?expires=${expires}&signature=${signPath(path, expires)}`;
}

/**
 * Checks a request for a stored file. Returns 'ok', 'missing' (no/invalid params),
 * 'tampered' (signature does not match) or 'expired'.
 */
export function verifySignedPath(path: string, expires: unknown, signature: unknown, now = Date.now()): 'ok' | 'missing' | 'tampered' | 'expired' {
  if (typeof expires !== 'string' || typeof signature !== 'string' || !/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/.test(signature)) return 'missing';
  const expected = Buffer.from(signPath(path, Number(expires)), 'hex');
  const given = Buffer.from(signature, 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'tampered';
  if (Number(expires) * 1000 < now) return 'expired';
  return 'ok';
}
