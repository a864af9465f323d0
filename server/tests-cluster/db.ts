import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Client } from 'pg';
import type { ClusterInfo } from './cluster';

/** Runs `fn` with a PostgreSQL client on the cluster's database. */
export async function withPg<T>(info: Pick<ClusterInfo, 'pg'>, fn: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ host: info.pg.host, port: info.pg.port, database: info.pg.database, user: info.pg.user, password: 'postgres' });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Seeded tables whose row counts show whether a start seeded (again). */
export const SEEDED_TABLES = [
  'up_roles',
  'up_permissions',
  'up_users',
  'states',
  'vehicle_types',
  'payment_methods',
  'sales_items',
  'companies',
  'company_agreements',
  'document_types',
  'customers',
  'sales_orders',
  'sales_order_items',
  'receivables',
  'sales_order_documents',
  'files',
] as const;

/** Row count of every seeded table. */
export async function tableCounts(info: Pick<ClusterInfo, 'pg'>): Promise<Record<string, number>> {
  return withPg(info, async (c) => {
    const out: Record<string, number> = {};
    for (const t of SEEDED_TABLES) out[t] = Number((await c.query(`SELECT count(*)::int AS n FROM ${t}`)).rows[0].n);
    return out;
  });
}

/** Natural keys that must never repeat after the seed: role types, usernames, UFs, permission actions per role. */
export async function duplicateSeedRows(info: Pick<ClusterInfo, 'pg'>): Promise<Record<string, number>> {
  return withPg(info, async (c) => {
    const dup = async (sql: string) => Number((await c.query(`SELECT count(*)::int AS n FROM (${sql}) d`)).rows[0].n);
    return {
      roles: await dup('SELECT type FROM up_roles GROUP BY type HAVING count(*) > 1'),
      users: await dup('SELECT username FROM up_users GROUP BY username HAVING count(*) > 1'),
      states: await dup('SELECT abbreviation FROM states GROUP BY abbreviation HAVING count(*) > 1'),
      permissions: await dup(
        'SELECT p.action, l.role_id FROM up_permissions p JOIN up_permissions_role_lnk l ON l.permission_id = p.id GROUP BY p.action, l.role_id HAVING count(*) > 1',
      ),
      vehicleTypes: await dup('SELECT name FROM vehicle_types GROUP BY name HAVING count(*) > 1'),
      paymentMethods: await dup('SELECT name FROM payment_methods GROUP BY name HAVING count(*) > 1'),
    };
  });
}

/** Keys of the objects in the cluster's bucket. */
export async function bucketKeys(info: Pick<ClusterInfo, 's3'>): Promise<string[]> {
  const s3 = new S3Client({
    region: 'us-east-1',
    endpoint: info.s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: info.s3.accessKeyId, secretAccessKey: info.s3.secretAccessKey },
  });
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: info.s3.bucket, ContinuationToken: token }));
    for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  s3.destroy();
  return keys;
}
