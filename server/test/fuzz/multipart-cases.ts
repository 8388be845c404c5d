/**
 * The multipart cases of the fuzz (openapi-cases.ts): an upload form built by hand, so that it can be broken on
 * purpose (no boundary, another boundary, cut short, a part without a name, too many parts), and its fields faulted
 * one at a time.
 */
import { randomBytes } from 'node:crypto';
import type { CaseOptions, FuzzCase, Operation } from './openapi-cases';

const NUL = '\u0000';
const withNul = (value: string) => `${value.slice(0, 2)}${NUL}${value.slice(2)}`;

/** A multipart/form-data body built by hand, so that it can be broken on purpose. */
export function multipartBody(
  fields: [string, string][],
  file?: { field: string; filename: string; type: string; data: Buffer },
) {
  const boundary = `----fuzz${randomBytes(6).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of fields) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { boundary, payload: Buffer.concat(chunks) };
}

export function multipartCases(
  op: Operation,
  url: string,
  headers: Record<string, string>,
  form: NonNullable<CaseOptions['multipart']>,
): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const make = (
    fault: string,
    fields: [string, string][],
    file: typeof form.file | undefined,
    mangle?: (b: { boundary: string; payload: Buffer }) => { contentType: string; payload: Buffer },
  ): FuzzCase => {
    const built = multipartBody(fields, file);
    const sent = mangle
      ? mangle(built)
      : { contentType: `multipart/form-data; boundary=${built.boundary}`, payload: built.payload };
    return {
      op: op.id,
      fault,
      method: op.method,
      url,
      headers: { ...headers, 'content-type': sent.contentType },
      payload: sent.payload,
      fields: Object.fromEntries(fields),
    };
  };
  const entries = Object.entries(form.fields);
  cases.push(make('baseline', entries, form.file));
  for (const [key, value] of entries) {
    const others = entries.filter(([k]) => k !== key);
    cases.push(make(`multipart:${key}:nul`, [...others, [key, withNul(value)]], form.file));
    cases.push(make(`multipart:${key}:long`, [...others, [key, 'x'.repeat(5000)]], form.file));
    cases.push(make(`multipart:${key}:twice`, [...entries, [key, value]], form.file));
    cases.push(make(`multipart:${key}:missing`, others, form.file));
  }
  const at = (fraction: number) => (b: { boundary: string; payload: Buffer }) => ({
    contentType: `multipart/form-data; boundary=${b.boundary}`,
    payload: b.payload.subarray(0, Math.floor(b.payload.length * fraction)),
  });
  cases.push(
    make('multipart:file-missing', entries, undefined),
    make('multipart:file-empty', entries, { ...form.file, data: Buffer.alloc(0) }),
    make('multipart:file-not-a-document', entries, {
      ...form.file,
      type: 'text/plain',
      data: Buffer.from('plain text, not a document'),
    }),
    make('multipart:filename-nul', entries, { ...form.file, filename: `a${NUL}b.pdf` }),
    make('multipart:no-boundary', entries, form.file, (b) => ({
      contentType: 'multipart/form-data',
      payload: b.payload,
    })),
    make('multipart:wrong-boundary', entries, form.file, (b) => ({
      contentType: 'multipart/form-data; boundary=not-the-boundary',
      payload: b.payload,
    })),
    make('multipart:cut-10%', entries, form.file, at(0.1)),
    make('multipart:cut-50%', entries, form.file, at(0.5)),
    make('multipart:cut-in-file', entries, form.file, at(0.97)),
    make('multipart:no-closing-boundary', entries, form.file, (b) => ({
      contentType: `multipart/form-data; boundary=${b.boundary}`,
      payload: b.payload.subarray(0, b.payload.length - `--${b.boundary}--\r\n`.length),
    })),
    make('multipart:garbage', entries, form.file, (b) => ({
      contentType: `multipart/form-data; boundary=${b.boundary}`,
      payload: randomBytes(512),
    })),
    make('multipart:as-json', entries, form.file, (b) => ({ contentType: 'application/json', payload: b.payload })),
    make(
      'multipart:many-parts',
      [...entries, ...Array.from({ length: 30 }, (_v, i): [string, string] => [`extra${i}`, 'x'])],
      form.file,
    ),
    make('multipart:part-without-name', entries, form.file, (b) => ({
      contentType: `multipart/form-data; boundary=${b.boundary}`,
      payload: Buffer.concat([
        Buffer.from(`--${b.boundary}\r\nContent-Disposition: form-data\r\n\r\nvalue\r\n`),
        b.payload,
      ]),
    })),
  );
  return cases;
}
