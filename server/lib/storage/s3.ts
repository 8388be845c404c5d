/**
 * Storage in an S3-compatible bucket (AWS S3, MinIO, R2...), through @aws-sdk/client-s3, loaded at the first use: the
 * SDK took about a tenth of every start-up, also on servers that keep their files in a local folder.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { assertSafeKey, type Storage, type StoredObject } from './types';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  prefix?: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  private sdk?: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }>;

  constructor(private readonly options: S3StorageOptions) {}

  private s3() {
    this.sdk ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: this.options.region,
        endpoint: this.options.endpoint,
        forcePathStyle: this.options.forcePathStyle,
        ...(this.options.credentials ? { credentials: this.options.credentials } : {}),
      }),
    }));
    return this.sdk;
  }

  private key(key: string): string {
    assertSafeKey(key);
    const prefix = (this.options.prefix ?? '').replace(/^\/+|\/+$/g, '');
    return prefix ? `${prefix}/${key}` : key;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const { sdk, client } = await this.s3();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.options.bucket,
        Key: this.key(key),
        Body: body,
        ContentType: contentType,
      }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    const { sdk, client } = await this.s3();
    try {
      const result = await client.send(new sdk.GetObjectCommand({ Bucket: this.options.bucket, Key: this.key(key) }));
      if (!result.Body) return null;
      return { body: Buffer.from(await result.Body.transformToByteArray()), contentType: result.ContentType };
    } catch (error) {
      if (error instanceof sdk.NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const { sdk, client } = await this.s3();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.key(key) }));
  }
}
