/**
 * The HTTP side of the local provider mocks (mock-stripe.ts, mock-paypal.ts): a server on a port the system picks
 * that reads each request whole, records it (method, path, headers, and the body as JSON, form fields or multipart
 * parts, as its content type says) and hands it to the mock, which answers with JSON.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readParts, type RecordedPart } from './multipart';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** A JSON body, parsed; null for any other body. */
  json: unknown;
  /** Form fields of an urlencoded body, by their bracketed names (`evidence[customer_name]`). */
  form: Record<string, string>;
  /** Parts of a multipart body. */
  parts: RecordedPart[];
}

/** Answers with `json` and `status`, adding `headers` to the content type. */
export type Send = (status: number, json: unknown, headers?: Record<string, string>) => void;

export interface RecordingServer {
  url: string;
  /** Every request so far, oldest first; a test empties it to look at its own. */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startRecordingServer(
  answer: (request: RecordedRequest, send: Send) => void,
): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        const type = String(req.headers['content-type'] ?? '');
        const recorded: RecordedRequest = {
          method: req.method ?? '',
          path: req.url ?? '',
          headers: req.headers,
          json: type.startsWith('application/json') ? JSON.parse(body.toString('utf8')) : null,
          form: type.startsWith('application/x-www-form-urlencoded')
            ? Object.fromEntries(new URLSearchParams(body.toString('utf8')))
            : {},
          parts: type.startsWith('multipart/form-data') ? await readParts(req.headers, body) : [],
        };
        requests.push(recorded);
        answer(recorded, (status, json, headers = {}) => {
          res.writeHead(status, { 'content-type': 'application/json', ...headers });
          res.end(JSON.stringify(json));
        });
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
