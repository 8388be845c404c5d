/**
 * Brand images on this server as paths ("/brand/x.svg"), so a page loads them from its own origin whatever host
 * name it was opened under (127.0.0.1 or localhost, PUBLIC_BASE_URL being one of them), and the CSP's img-src
 * 'self' allows them. Mails still get absolute URLs (a mail has no page origin).
 */
export function pageRelativeUrl(url: string, publicBaseUrl: string): string {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const target = new URL(url);
    if (target.origin === new URL(publicBaseUrl).origin) return `${target.pathname}${target.search}`;
  } catch {
    // not a URL: left as it is
  }
  return url;
}
