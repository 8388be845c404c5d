/**
 * robots.txt. Only the public track form may be indexed (a customer who searches for the service finds where to
 * track an order). Everything else stays out: the staff sign-in (/), the back-office (/admin), the API, and the
 * per-order pages (/track-order/{id}, /get-new-order-details/{id}: their addresses name an order). RFC 9309's
 * longest match lets `Allow: /track-order$` win over `Disallow: /`; the explicit lines are for human readers and
 * crawlers that only read prefixes. docs/decisions/0017.
 */
export const ROBOTS_TXT = [
  'User-agent: *',
  'Allow: /track-order$',
  'Disallow: /admin',
  'Disallow: /api/',
  'Disallow: /track-order/',
  'Disallow: /get-new-order-details/',
  'Disallow: /',
  '',
].join('\n');
