import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import type { Core } from '@strapi/strapi';

/** What is read of the upload plugin's configuration (config/plugins.ts, provider aws-s3). */
type UploadConfig = { provider?: string; providerOptions?: { s3Options?: S3ClientConfig & { params?: { Bucket?: string } } } };

/**
 * Uploaded files on S3-compatible object storage (docs/deploy.md).
 *
 * UPLOAD_PROVIDER=s3 selects Strapi's `@strapi/provider-upload-aws-s3` (config/plugins.ts) with
 * S3_BUCKET, S3_REGION (default us-east-1), S3_ENDPOINT (any S3: MinIO, R2, s3rver; unset = AWS),
 * S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_FORCE_PATH_STYLE (default true when S3_ENDPOINT is
 * set). Without it files stay on the local disk (PUBLIC_DIR/uploads), the default.
 *
 * The bucket stays private: objects are written without any ACL (the bucket's own, private, applies)
 * and `baseUrl` is `/uploads`, so a file's `url` is `/uploads/<hash><ext>` on either storage and the
 * spec's get-signed-url contract does not change. Browsers never talk to the bucket: a signed
 * `/uploads/<name>?expires=&signature=` URL (utils/signed-url.ts) is checked by global::signed-files on
 * any instance, which then reads the object with the server's credentials (`readObject`).
 * Checksums are sent only when S3 requires them, which every S3-compatible store accepts.
 * The AWS SDK is loaded only when S3 is configured (local-disk installs never load it).
 */
export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  accessKeyId?: string;
  secretAccessKey?: string;
}

type Env = ((key: string, fallback?: string) => string | undefined) & { bool: (key: string, fallback?: boolean) => boolean };

/** The S3 settings from the environment, or null when uploads stay on the local disk. Throws when s3 is chosen without a bucket. */
export function s3SettingsFromEnv(env: Env): S3Settings | null {
  if ((env('UPLOAD_PROVIDER', 'local') ?? 'local').toLowerCase() !== 's3') return null;
  const bucket = env('S3_BUCKET');
  if (!bucket) throw new Error('UPLOAD_PROVIDER=s3 needs S3_BUCKET');
  const endpoint = env('S3_ENDPOINT') || undefined;
  return {
    bucket,
    region: env('S3_REGION', 'us-east-1') as string,
    endpoint,
    forcePathStyle: env.bool('S3_FORCE_PATH_STYLE', Boolean(endpoint)),
    accessKeyId: env('S3_ACCESS_KEY_ID') || undefined,
    secretAccessKey: env('S3_SECRET_ACCESS_KEY') || undefined,
  };
}

/** Options of the AWS SDK client for these settings (also the provider's `s3Options`). */
export function s3ClientOptions(s: S3Settings) {
  return {
    region: s.region,
    ...(s.endpoint ? { endpoint: s.endpoint } : {}),
    forcePathStyle: s.forcePathStyle,
    ...(s.accessKeyId && s.secretAccessKey ? { credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED' as const,
    responseChecksumValidation: 'WHEN_REQUIRED' as const,
  };
}

/** The `plugin::upload` provider part of config/plugins.ts: aws-s3 when configured, else {} (local). */
export function uploadProviderConfig(env: Env): Record<string, unknown> {
  const s = s3SettingsFromEnv(env);
  if (!s) return {};
  return {
    provider: 'aws-s3',
    providerOptions: {
      baseUrl: '/uploads',
      s3Options: { ...s3ClientOptions(s), params: { Bucket: s.bucket, ACL: undefined } },
    },
    actionOptions: { upload: {}, uploadStream: {}, delete: {} },
  };
}

let client: { key: string; s3: S3Client } | null = null;

/** True when this process stores uploads in a bucket (the upload plugin's provider is aws-s3). */
export function usesObjectStorage(strapi: Core.Strapi): boolean {
  return strapi.config.get<UploadConfig>('plugin::upload')?.provider === 'aws-s3';
}

/** The S3 client and bucket of the upload plugin's configuration (one client per process). */
async function activeS3(strapi: Core.Strapi): Promise<{ s3: S3Client; bucket: string }> {
  const options = strapi.config.get<UploadConfig>('plugin::upload')?.providerOptions?.s3Options ?? {};
  const key = JSON.stringify(options);
  if (!client || client.key !== key) {
    const { params: _params, ...clientOptions } = options;
    const { S3Client: Client } = await import('@aws-sdk/client-s3');
    client = { key, s3: new Client(clientOptions) };
  }
  return { s3: client.s3, bucket: options.params?.Bucket };
}

/**
 * Reads object `name` (the part after /uploads/) from the bucket. Null when it does not exist.
 * Returns the body as a Node stream plus its length, type and modification date.
 */
export async function readObject(
  strapi: Core.Strapi,
  name: string,
  method: 'GET' | 'HEAD' = 'GET',
): Promise<{ body: NodeJS.ReadableStream | null; length?: number; lastModified?: Date; type?: string } | null> {
  if (!usesObjectStorage(strapi)) return null;
  const active = await activeS3(strapi);
  const { GetObjectCommand, HeadObjectCommand } = await import('@aws-sdk/client-s3');
  try {
    if (method === 'HEAD') {
      const head = await active.s3.send(new HeadObjectCommand({ Bucket: active.bucket, Key: name }));
      return { body: null, length: head.ContentLength, lastModified: head.LastModified, type: head.ContentType };
    }
    const res = await active.s3.send(new GetObjectCommand({ Bucket: active.bucket, Key: name }));
    return { body: res.Body as NodeJS.ReadableStream, length: res.ContentLength, lastModified: res.LastModified, type: res.ContentType };
  } catch (e) {
    const err = e as { name?: string; $metadata?: { httpStatusCode?: number } } | null; // an AWS SDK service error
    if (err?.name === 'NoSuchKey' || err?.name === 'NotFound' || err?.$metadata?.httpStatusCode === 404) return null;
    throw e;
  }
}
