/**
 * A local HTTP endpoint that answers the SES v2 SendEmail call
 * (POST /v2/email/outbound-emails) as Amazon SES does, keeping each request.
 * The mail worker's SESv2Client is pointed at it with SES_ENDPOINT.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';

export interface SesRequest {
  authorization: string | undefined;
  body: {
    FromEmailAddress?: string;
    Destination?: { ToAddresses?: string[] };
    ReplyToAddresses?: string[];
    Content?: { Raw?: { Data?: string } };
  };
  raw: Buffer;
  parsed: Email;
}

export interface SesPeer {
  url: string;
  requests: SesRequest[];
  /** Answer the next calls with this HTTP status (e.g. 503 to play an outage); null = normal. */
  failWith: number | null;
  /** The SES error type of those answers (x-amzn-errortype), e.g. MessageRejected with 400. */
  failType: string;
  stop(): Promise<void>;
}

export async function startSesPeer(): Promise<SesPeer> {
  const requests: SesRequest[] = [];
  let counter = 0;
  const peer: SesPeer = {
    url: '',
    requests,
    failWith: null,
    failType: 'ServiceUnavailableException',
    stop: async () => undefined,
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      if (req.method !== 'POST' || req.url !== '/v2/email/outbound-emails') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
        return;
      }
      if (peer.failWith) {
        res.writeHead(peer.failWith, { 'content-type': 'application/json', 'x-amzn-errortype': peer.failType }).end(
          JSON.stringify({
            message: peer.failType === 'MessageRejected' ? 'Email address is not verified.' : 'Service unavailable',
          }),
        );
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as SesRequest['body'];
      const raw = Buffer.from(body.Content?.Raw?.Data ?? '', 'base64');
      requests.push({ authorization: req.headers.authorization, body, raw, parsed: await PostalMime.parse(raw) });
      counter += 1;
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ MessageId: `ses-test-${counter}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  peer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  peer.stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return peer;
}
