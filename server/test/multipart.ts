/**
 * Multipart/form-data both ways: a body built for `app.inject`, as a browser's FormData would send it, and a body
 * read back into its parts, as the local provider mocks record what the server sent them.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

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

/** A part of a multipart body as a mock received it: a text field's value, or a file (a JSON file's text too). */
export interface RecordedPart {
  name: string;
  value?: string;
  filename?: string;
  contentType?: string;
  bytes?: Buffer;
}

/** The parts of a multipart body, read by the platform's own form parser (undici's `Request.formData`). */
export async function readParts(headers: IncomingHttpHeaders, body: Buffer): Promise<RecordedPart[]> {
  const form = await new Request('http://mock/', {
    method: 'POST',
    headers: { 'content-type': String(headers['content-type']) },
    body: new Uint8Array(body),
  }).formData();
  const parts: RecordedPart[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') parts.push({ name, value });
    else {
      const bytes = Buffer.from(await value.arrayBuffer());
      parts.push({
        name,
        filename: value.name,
        contentType: value.type,
        bytes,
        ...(value.type === 'application/json' ? { value: bytes.toString('utf8') } : {}),
      });
    }
  }
  return parts;
}
