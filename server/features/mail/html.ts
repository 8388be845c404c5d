import { pageRelativeUrl } from '../../lib/page-relative-url';

/**
 * A tagged template for mail HTML that escapes every interpolated value unless
 * it is already SafeHtml (built by this same tag), so a customer's name such as
 * `<script>` or `"Tom & Jerry"` can never change a mail's markup.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(value);
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** Only http(s) and mailto links reach a mail; anything else becomes '#'. */
export function safeUrl(url: string): string {
  return /^(https?:\/\/|mailto:)/i.test(url) ? url : '#';
}

/** One line for a header (subject): no CR/LF, no control characters. */
export function headerText(value: string): string {
  return value.replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ').trim();
}
// eslint-disable-next-line no-control-regex -- control characters are what it replaces
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]+/g;

/**
 * A stored mail's HTML as a back-office page shows it (the Mail outbox): images on this server by path, so the
 * page's CSP (img-src 'self') allows them under whatever host name the back office was opened with. The mail itself
 * keeps its absolute URLs (a mail has no page origin).
 */
export function withPageImages(mailHtml: string, publicBaseUrl: string): string {
  return mailHtml.replace(
    /(<img\b[^>]*?\ssrc=")([^"]*)(")/gi,
    (_, before: string, url: string, after: string) => `${before}${pageRelativeUrl(url, publicBaseUrl)}${after}`,
  );
}
