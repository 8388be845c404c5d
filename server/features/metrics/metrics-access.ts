/**
 * Who may read /api/metrics (docs/decisions/0018): a scraper that sends `Authorization: Bearer <METRICS_TOKEN>`, or
 * one whose address (request.ip: TRUST_PROXY decides whether a forwarded address counts) is in METRICS_ALLOW.
 * Either suffices. With neither configured the endpoint refuses everyone: the figures say how busy the service
 * is and how many sign-ins fail, which is nobody's business by default.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { Config } from '../../config';

export type MetricsAccess = { allowed: true } | { allowed: false; statusCode: 401 | 403; message: string };

export const METRICS_DISABLED = 'Metrics are not enabled: set METRICS_TOKEN or METRICS_ALLOW.';
export const METRICS_TOKEN_NEEDED = 'A valid metrics token is required.';
export const METRICS_ADDRESS_REFUSED = 'This address may not read the metrics.';

function allowList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/') as [string, string | undefined];
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

// Hashes first, so the comparison takes the same time whatever the lengths.
const digest = (text: string) => createHash('sha256').update(text).digest();

export function metricsAccess(
  config: Pick<Config, 'METRICS_TOKEN' | 'METRICS_ALLOW'>,
): (ip: string, authorization: string | undefined) => MetricsAccess {
  const list = config.METRICS_ALLOW.length ? allowList(config.METRICS_ALLOW) : null;
  const token = config.METRICS_TOKEN ? digest(config.METRICS_TOKEN) : null;
  return (ip, authorization) => {
    if (!list && !token) return { allowed: false, statusCode: 403, message: METRICS_DISABLED };
    const given = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
    if (token && given && timingSafeEqual(digest(given), token)) return { allowed: true };
    if (list && isIP(ip) && list.check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4')) return { allowed: true };
    // A wrong or missing token is 401 (send one); an address outside the list with no token configured is 403.
    return token
      ? { allowed: false, statusCode: 401, message: METRICS_TOKEN_NEEDED }
      : { allowed: false, statusCode: 403, message: METRICS_ADDRESS_REFUSED };
  };
}
