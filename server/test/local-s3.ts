/**
 * A local S3 (s3rver) holding the documents bucket `arrival-docs`, on a port the system picks, its objects under
 * `directory`: what the S3 storage driver's tests talk to instead of a real bucket.
 */
import path from 'node:path';
import S3rver from 's3rver';

export interface LocalS3 {
  /** S3_ENDPOINT for the app: `http://127.0.0.1:<port>`. */
  endpoint: string;
  close(): Promise<void>;
}

export async function startLocalS3(directory: string): Promise<LocalS3> {
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(directory, 's3'),
    configureBuckets: [{ name: 'arrival-docs', configs: [] }],
  });
  const { port } = await s3.run();
  return { endpoint: `http://127.0.0.1:${port}`, close: () => s3.close() };
}
