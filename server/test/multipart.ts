/** Builds a multipart/form-data body for `app.inject`, as a browser's FormData would send it. */
import { randomBytes } from 'node:crypto';

export interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

export function multipart(fields: Record<string, string | number>, files: FilePart[] = []) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
    );
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Bytes that start like a PDF (the server only reads the magic number), unique per call. */
export function pdfBytes(size = 2048): Buffer {
  const head = Buffer.from('%PDF-1.7\n% test document\n');
  return Buffer.concat([head, randomBytes(Math.max(0, size - head.length))]);
}
