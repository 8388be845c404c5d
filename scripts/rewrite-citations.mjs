#!/usr/bin/env node
/**
 * Rewrites the old, dead citations of the outside documents ("spec section 7", "(spec section 2 "Order detail")",
 * "DECISIONS section 3", "DECISIONS [11]", "spec "Upload Document"" ...) in source files into the checked form
 * `product: FILE.md#ANCHOR` of docs/product (see docs/product/README.md#citations).
 *
 *   node scripts/rewrite-citations.mjs           # dry run: what would change, per file
 *   node scripts/rewrite-citations.mjs --write   # rewrite the files
 *
 * How: PHRASES first (a few sentences that read badly with a plain swap), then every citation group is parsed into
 * keys (`spec:7`, `spec:2:"Order detail"`, `spec:7:`resend-mail``, `dec:3`, `dec:[11]`, `dec:"Processed by"`),
 * each key looked up in FILE_OVERRIDES[file], then SECTIONS (a titled key falls back to its bare section), and the
 * group replaced by `product: a.md#x, b.md#y`. An unmapped key is an error: the file is left as it was and named.
 * tests/product-docs/citations.test.ts imports this module: it checks that every anchor named here exists and that
 * rewriting the current sources leaves no dead citation.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where citations are looked for (and checked by the test). */
export const SCAN_ROOTS = ['server', 'shared', 'web/src', 'tests', 'bench'];
/** Text files only; skipped: generated or vendored folders, and the checker's own folder (it names the patterns). */
export const SCAN_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.css', '.html', '.sql', '.md'];
export const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', '.vite']);
export const SKIP_PATHS = ['tests/product-docs/'];

/** A citation of the outside documents (the dead form). One match is enough to fail the check. */
export const DEAD_FORM = new RegExp(
  [
    String.raw`\b[Ss]pec\s+sections?\b`,
    String.raw`\b[Ss]pec\s*\n\s*(?:\*|\/\/)\s*sections?\b`,
    String.raw`\bDECISIONS\b`,
    String.raw`\b[Ss]pec\s+"[A-Z]`,
    String.raw`\b[Ss]pec\s+order detail\b`,
    String.raw`shared\/spec\/`,
  ].join('|'),
);

/** The checked form: `product: a.md#x` (several: `, b.md#y`) or a path `docs/product/a.md#x`. */
export const CITATION = /product: ([a-z0-9-]+\.md(?:#[a-z0-9-]+)?(?:, [a-z0-9-]+\.md(?:#[a-z0-9-]+)?)*)/g;
export const PATH_CITATION = /docs\/product\/([a-z0-9-]+\.md(?:#[a-z0-9-]+)?)/g;

/**
 * Every section of the two outside documents, and the docs/product anchor that now holds its rule.
 * spec:N = the specification's section N (1 product, 2 screens, 3 entities, 4 states, 5 validation, 6 roles,
 * 7 calls, 8 errors, 9 constants); dec:N = the decisions' section N (1 system, 2 orders, 3 roles, 4 open calls
 * [8]-[12], 5 public pages, 6 mail, 7 presentation). A titled key names a sub-part.
 */
export const SECTIONS = {
  'spec:1': 'public-pages.md#branding',
  'spec:2': 'screens.md#routes',
  'spec:2:"Order detail"': 'orders.md#order-detail',
  'spec:2:"Order\ndetail"': 'orders.md#order-detail',
  'spec:2:"Admin login"': 'screens.md#sign-in-screen',
  'spec:2:"Public routes"': 'public-pages.md#track',
  'spec:2:"Dashboard tiles"': 'roles.md#navigation',
  'spec:2:"Sidebar links"': 'roles.md#navigation',
  'spec:2:"Admin layout"': 'screens.md#admin-layout',
  'spec:2:"Order queue screens"': 'folders.md#queue-screens',
  'spec:2:"Email History"': 'orders.md#mail',
  'spec:2:"Defence Pack document"': 'orders.md#defence-packs',
  'spec:"Upload Document"': 'orders.md#documents',
  'spec:"Send Invoice"': 'orders.md#invoices',
  'spec:"Change Gateway"': 'orders.md#gateway',
  'spec:"Unauthorised handling"': 'screens.md#unauthorised',
  'spec:3': 'orders.md#order-detail',
  'spec:3:"Auth state"': 'screens.md#stored-login',
  'spec:3:"Remark payload"': 'orders.md#remarks',
  'spec:4': 'orders.md#moves',
  'spec:4:"Login"': 'roles.md#sign-in',
  'spec:5': 'messages.md#validation',
  'spec:6': 'roles.md#permissions',
  'spec:7': 'api.md#calls',
  'spec:7:"Public"': 'public-pages.md#track',
  'spec:7:`upload-visa-document`': 'orders.md#documents',
  'spec:7:`resend-mail`': 'orders.md#mail',
  'spec:7:`send-invoice`': 'orders.md#invoices',
  'spec:7:`defence-pack-details`': 'orders.md#defence-packs',
  'spec:7:`get-defence-pack-pdf`': 'orders.md#defence-packs',
  'spec:8': 'messages.md#toasts',
  'spec:9': 'screens.md#constants',
  'dec:1': 'README.md#system',
  'dec:2': 'orders.md#statuses',
  'dec:"Processed by"': 'orders.md#processed-by',
  'dec:3': 'roles.md#server-enforcement',
  'dec:4': 'api.md#new-calls',
  'dec:[2]': 'orders.md#process-log',
  'dec:[3]': 'orders.md#moves',
  'dec:[4]': 'roles.md#team-rules',
  'dec:[5]': 'roles.md#server-enforcement',
  'dec:[6]': 'roles.md#sign-in',
  'dec:[7]': 'roles.md#sign-in',
  'dec:[8]': 'orders.md#moves',
  'dec:[9]': 'folders.md#search',
  'dec:[10]': 'orders.md#mail',
  'dec:[11]': 'orders.md#transaction-details',
  'dec:[12]': 'api.md#errors',
  'dec:5': 'public-pages.md#privacy',
  'dec:6': 'orders.md#mail',
  'dec:7': 'screens.md#formats',
};

/** Where a file's citation of a section means a narrower rule than the section's default. */
export const FILE_OVERRIDES = {
  'server/features/team/team.service.ts': { 'dec:3': 'roles.md#team-rules' },
  'server/features/invoices/invoice.pdf.ts': { 'dec:6': 'orders.md#invoices' },
  'server/features/invoices/invoices.routes.ts': { 'spec:7': 'orders.md#invoices' },
  'server/features/queue-engine/lists.service.ts': { 'dec:2': 'folders.md#predicates', 'dec:4': 'folders.md#search' },
  'server/features/orders/actions.service.ts': { 'spec:4': 'orders.md#assignment', 'dec:2': 'orders.md#refunds' },
  'server/features/orders/order-status.service.ts': {
    'dec:3': 'roles.md#delete-rules',
    'spec:6': 'roles.md#delete-rules',
    'dec:2': 'orders.md#delete',
  },
  'server/features/queue-engine/folders.ts': { 'dec:2': 'folders.md#predicates' },
  'server/features/defence-packs/defence-packs.routes.ts': { 'spec:7': 'orders.md#defence-packs' },
  'server/features/defence-packs/defence-packs.service.ts': {
    'dec:6': 'orders.md#defence-packs',
    'dec:2': 'orders.md#process-log',
  },
  'server/features/tracking/tracking.service.ts': {
    'spec:2': 'public-pages.md#track',
    'dec:5': 'public-pages.md#customer-token',
  },
  'server/features/tracking/tracking.test.ts': {
    'spec:7': 'public-pages.md#download',
    'dec:5': 'public-pages.md#customer-token',
  },
  'server/features/tracking/tracking.routes.ts': {
    'spec:7': 'public-pages.md#download',
    'dec:5': 'public-pages.md#customer-token',
  },
  'server/features/reports/reports.service.ts': { 'dec:2': 'orders.md#reports' },
  'server/features/intake/intake.service.ts': { 'dec:2': 'orders.md#intake' },
  'server/features/documents/file-type.ts': { 'dec:5': 'orders.md#documents' },
  'server/features/documents/documents.routes.ts': { 'spec:7': 'orders.md#documents' },
  'server/features/documents/documents.service.ts': { 'dec:5': 'orders.md#documents' },
  'server/features/mail/mail.service.ts': { 'dec:4': 'orders.md#mail' },
  'server/lib/process-log.ts': { 'dec:2': 'orders.md#process-log' },
  'server/lib/auth.ts': { 'spec:3': 'roles.md#sign-in' },
  'server/lib/envelope.ts': { 'spec:7': 'api.md#envelope', 'dec:1': 'api.md#status-codes' },
  'server/lib/storage/index.ts': { 'dec:5': 'orders.md#documents' },
  'server/lib/geoip.ts': { 'dec:5': 'public-pages.md#download-history' },
  'shared/schemas/order-actions.ts': { 'dec:2': 'orders.md#moves' },
  'shared/schemas/defence-pack.ts': { 'spec:9': 'orders.md#defence-packs', 'dec:6': 'orders.md#defence-packs' },
  'shared/schemas/order-list.ts': {
    'spec:3': 'folders.md#queue-screens',
    'dec:2': 'folders.md#folders',
    'dec:4': 'folders.md#search',
  },
  'shared/schemas/tracking-texts.ts': { 'spec:9': 'public-pages.md#footer' },
  'shared/schemas/tracking.ts': {
    'spec:2': 'public-pages.md#track',
    'spec:7': 'public-pages.md#download',
    'dec:5': 'public-pages.md#customer-token',
  },
  'shared/schemas/order-intake.ts': { 'dec:2': 'orders.md#intake', 'spec:3': 'orders.md#intake' },
  'shared/schemas/mail.ts': { 'spec:3': 'orders.md#mail', 'spec:7': 'orders.md#mail', 'dec:4': 'orders.md#mail' },
  'shared/schemas/reports.ts': { 'spec:2': 'screens.md#reports-screens', 'spec:3': 'orders.md#reports' },
  'shared/ids.ts': { 'spec:3': 'orders.md#encoded-ids', 'dec:2': 'orders.md#encoded-ids' },
  'shared/roles.ts': { 'dec:3': 'roles.md#permissions', 'spec:6': 'roles.md#queue-actions' },
  'shared/eastern-time.ts': { 'spec:9': 'screens.md#formats' },
  'shared/dialling-codes.ts': { 'spec:3': 'orders.md#dialling-codes' },
  'web/src/components/ConfirmDialog.tsx': { 'spec:8': 'messages.md#confirm-texts' },
  'web/src/app/Toasts.tsx': { 'spec:9': 'screens.md#toasts', 'dec:7': 'screens.md#toasts' },
  'web/src/app/App.tsx': { 'spec:8': 'messages.md#token-errors' },
  'web/src/app/RouteError.tsx': { 'spec:8': 'messages.md#load-errors' },
  'web/src/features/order-detail/TransactionDetailsModal.tsx': { 'spec:5': 'orders.md#transaction-details' },
  'web/src/features/order-detail/format.ts': { 'spec:2': 'screens.md#formats' },
  'web/src/features/order-detail/MoveButtons.tsx': { 'dec:2': 'orders.md#moves' },
  'web/src/app/SignInApp.tsx': { 'spec:8': 'messages.md#token-errors' },
  'web/src/features/auth/ChangePasswordPage.tsx': { 'spec:2': 'screens.md#settings', 'spec:4': 'roles.md#passwords' },
  'web/src/features/team/ManageTeamPage.tsx': { 'spec:2': 'screens.md#settings' },
  'web/src/features/public/api/download-document.ts': { 'spec:7': 'public-pages.md#download' },
  'web/src/features/public/OrderDownloadPage.tsx': {
    'spec:2': 'public-pages.md#download',
    'spec:4': 'public-pages.md#download',
    'spec:7': 'public-pages.md#download',
    'spec:8': 'public-pages.md#download',
  },
  'web/src/features/public/customer-access.ts': { 'dec:5': 'public-pages.md#customer-token' },
  'web/src/features/public/PublicLayout.tsx': { 'dec:5': 'public-pages.md#branding' },
  'web/src/features/public/TranslateWidget.tsx': { 'spec:1': 'public-pages.md#translation-widget' },
  'web/src/features/queues/QueuePage.tsx': {
    'spec:6': 'roles.md#queue-actions',
    'spec:5': 'screens.md#search-and-selection',
  },
  'web/src/features/queues/QueueTable.tsx': { 'spec:2': 'folders.md#queue-screens' },
  'web/src/features/queues/format.ts': { 'spec:9': 'screens.md#formats' },
  'web/src/features/queues/api/queue-actions.ts': { 'dec:2': 'orders.md#moves' },
  'web/src/features/queues/FutureOrdersPage.tsx': {
    'spec:2': 'folders.md#future-order',
    'spec:6': 'roles.md#queue-actions',
  },
  'web/src/features/layout/navigation.ts': { 'spec:6': 'roles.md#navigation', 'dec:3': 'roles.md#navigation' },
  'web/src/features/layout/navigation.test.ts': { 'spec:6': 'roles.md#navigation', 'dec:3': 'roles.md#navigation' },
  'web/src/features/defence-packs/api/open-defence-pack-pdf.ts': { 'spec:7': 'orders.md#defence-packs' },
  'web/src/features/defence-packs/DownloadHistorySection.tsx': {
    'spec:2:"Order detail"': 'public-pages.md#download-history',
  },
  'web/src/features/defence-packs/DefencePackModal.tsx': { 'spec:2:"Order detail"': 'orders.md#defence-packs' },
  'web/src/features/documents/EmailHistorySection.tsx': { 'spec:2:"Order detail"': 'orders.md#mail' },
  'web/src/features/documents/UploadDocumentSection.tsx': { 'spec:2:"Order detail"': 'orders.md#documents' },
  'web/src/features/settings/GatewaySettingPage.tsx': { 'spec:2': 'screens.md#settings' },
  'web/src/features/reports/DateRangeFilter.tsx': { 'spec:2': 'screens.md#reports-screens' },
  'web/src/features/reports/report-helpers.ts': { 'spec:5': 'screens.md#search-and-selection' },
  'web/src/features/reports/CountryOrderListPage.tsx': { 'spec:2': 'screens.md#reports-screens' },
  'web/src/features/reports/ProcessingLogsPage.tsx': { 'spec:2': 'screens.md#reports-screens' },
  'web/src/features/reports/ProcessedOrderPage.tsx': { 'spec:2': 'screens.md#reports-screens' },
  'web/src/features/reports/ProcessLogDetailPage.tsx': { 'spec:2': 'screens.md#reports-screens' },
  'web/src/features/reports/SummaryReport.tsx': { 'spec:5': 'screens.md#search-and-selection' },
  'web/src/lib/api.ts': { 'spec:7': 'api.md#envelope' },
  'web/src/lib/auth-context.tsx': { 'spec:8': 'messages.md#token-errors' },
  'web/src/lib/use-document-title.ts': { 'dec:7': 'screens.md#page-title' },
  'web/src/lib/paths.ts': { 'spec:3': 'orders.md#encoded-ids' },
  'web/src/lib/auth-storage.ts': { 'spec:3': 'screens.md#stored-login', 'spec:8': 'messages.md#token-errors' },
  'tests/e2e/public-tracking.test.ts': { 'spec:7': 'public-pages.md#download' },
  'tests/e2e/order-detail.test.ts': { 'spec:6': 'roles.md#delete-rules' },
  'tests/e2e/spec-contract.test.ts': { 'spec:8': 'messages.md#token-errors' },
  'tests/e2e/queues.test.ts': { 'spec:6': 'roles.md#queue-actions' },
  'tests/e2e/foundation.test.ts': { 'dec:7': 'screens.md#page-title' },
};

/**
 * Sentences where the plain swap would read badly (the citation is the sentence's subject, or sits inside an
 * OpenAPI description a reader of /api/docs sees). Applied first, everywhere, exactly as written.
 */
export const PHRASES = [
  [
    'Accepted because the client of spec section 7 sends it, and ignored:',
    'Accepted because the original client sends it, and ignored (product: api.md#ignored-fields):',
  ],
  [
    "Spec section 7's own fields that the server has no use for",
    "The original client's fields that the server has no use for (product: api.md#ignored-fields)",
  ],
  [
    'every call of spec section 7 with the payload the spec shows',
    'every call of the original client with its payload (product: api.md#calls)',
  ],
  ["Spec section 7's call:", 'The download call (product: public-pages.md#download):'],
  ["'Spec section 7: body {orderId, customername, file1}", "'Body {orderId, customername, file1}"],
  ['Folder predicates (DECISIONS section 2)', 'Folder predicates (product: folders.md#predicates)'],
  ['Payment gateway (spec section 3)', 'Payment gateway (product: orders.md#gateway)'],
  ['Process log (spec section 3)', 'Process log (product: orders.md#process-log)'],
  [
    'Messages exactly as spec section 5 words them.',
    'Messages exactly as the product words them (product: messages.md#validation).',
  ],
  [
    'The `{status, message, data}` envelope of spec section 7.',
    'The `{status, message, data}` envelope (product: api.md#envelope).',
  ],
  ['The queue table of spec section 2:', 'The queue table (product: folders.md#queue-screens):'],
  [
    'the Order list row fields of spec section 3 (plus',
    'the row fields of the queues (product: folders.md#queue-screens; plus',
  ],
  [
    'Every order-detail field of spec section 3, by its spec name.',
    'Every order-detail field, by its column name (product: orders.md#order-detail).',
  ],
  [
    'Chargeback defence packs (spec section 7 `defence-pack-details`, `get-defence-pack-pdf`, section 9 types 1 and 2;\n * DECISIONS section 6)',
    'Chargeback defence packs (types 1 and 2; product: orders.md#defence-packs)',
  ],
  [
    'one order in full (spec section 2 "Order\n * detail", sections in the spec\'s order)',
    'one order in full, its sections in the order of product: orders.md#order-detail',
  ],
  ['Spec section 9 / DECISIONS section 7:', 'product: screens.md#toasts:'],
];

// ---------------------------------------------------------------- the parser

/** Space between two parts of one citation, across a comment's line break (` *`, `//`). */
const GAP = String.raw`(?:[ \t]*\n[ \t]*(?:\*(?!\/)|\/\/)?[ \t]*|[ \t]+)`;
const START = new RegExp(String.raw`\b(?:[Ss]pec(?=${GAP}(?:sections?\b|"|order detail\b))|DECISIONS\b)`, 'g');
const TOKENS = [
  ['sections', /sections?(?=[ \t]+\d)/y],
  ['range', /(\d+)-(\d+)\b/y],
  ['number', /(\d+)\b/y],
  ['quoted', /"([^"\n]*(?:\n[ \t]*(?:\*|\/\/)?[ \t]*[^"\n]*)?)"/y],
  ['code', /`([a-z][a-z-]*)`/y],
  ['gap', /\[(\d+)\]/y],
  ['orderDetail', /order detail\b/y],
  ['decisions', /DECISIONS\b/y],
  ['spec', /[Ss]pec(?=(?:[ \t]+|[ \t]*\n[ \t]*(?:\*|\/\/)?[ \t]*)sections?\b)/y],
];
const SEPARATOR = /(?:[ \t]*(?:,|;|\/|and)(?=[ \t\n]))/y;

function tokenAt(text, pos) {
  for (const [kind, re] of TOKENS) {
    re.lastIndex = pos;
    const m = re.exec(text);
    if (m) return { kind, m, end: re.lastIndex };
  }
  return null;
}

function gapAt(text, pos) {
  const re = new RegExp(GAP, 'y');
  re.lastIndex = pos;
  return re.exec(text) ? re.lastIndex : pos;
}

/** Parses one citation group starting at `start`; answers its end and its keys. */
function parseGroup(text, start) {
  let doc = text.startsWith('DECISIONS', start) ? 'dec' : 'spec';
  let pos = start + (doc === 'dec' ? 'DECISIONS'.length : 'spec'.length);
  const keys = [];
  let lastNumber = null;
  for (;;) {
    // The next part follows a space (or a comment's line break), or a separator (, ; / and) and a space.
    let next = null;
    const afterGap = gapAt(text, pos);
    if (afterGap > pos) next = tokenAt(text, afterGap);
    if (!next) {
      SEPARATOR.lastIndex = pos;
      if (SEPARATOR.exec(text)) {
        const afterSeparator = gapAt(text, SEPARATOR.lastIndex);
        if (afterSeparator > SEPARATOR.lastIndex) next = tokenAt(text, afterSeparator);
      }
    }
    if (!next) break;
    const { kind, m } = next;
    if (kind === 'decisions') {
      doc = 'dec';
      lastNumber = null;
    } else if (kind === 'spec') {
      doc = 'spec';
      lastNumber = null;
    } else if (kind === 'range') {
      for (let n = Number(m[1]); n <= Number(m[2]); n += 1) keys.push(`${doc}:${n}`);
      lastNumber = Number(m[2]);
    } else if (kind === 'number') {
      lastNumber = Number(m[1]);
      keys.push(`${doc}:${lastNumber}`);
    } else if (kind === 'orderDetail') {
      lastNumber = 2;
      keys.push('spec:2:"Order detail"');
    } else if (kind === 'quoted' || kind === 'code') {
      const title = kind === 'quoted' ? `"${m[1].replace(/[ \t]*\n[ \t]*(?:\*|\/\/)?[ \t]*/g, '\n')}"` : `\`${m[1]}\``;
      // "section 7 `resend-mail`" narrows section 7; a second title adds one beside the first.
      if (keys.length && keys[keys.length - 1] === `${doc}:${lastNumber}`) keys.pop();
      keys.push(lastNumber === null ? `${doc}:${title}` : `${doc}:${lastNumber}:${title}`);
    } else if (kind === 'gap') {
      // [8]..[12] are the gaps section 4 of the decisions closes: the gap is the narrower citation.
      if (keys.length && keys[keys.length - 1] === 'dec:4') keys.pop();
      keys.push(`dec:[${m[1]}]`);
    }
    pos = next.end;
  }
  return { end: pos, keys };
}

/**
 * A file's overrides: by its path, or, for a file moved since this table was written (other branches were moving
 * files), by its name when exactly one entry has that name.
 */
function overridesOf(file) {
  if (FILE_OVERRIDES[file]) return FILE_OVERRIDES[file];
  const name = path.posix.basename(file);
  const same = Object.keys(FILE_OVERRIDES).filter((key) => path.posix.basename(key) === name);
  return same.length === 1 ? FILE_OVERRIDES[same[0]] : {};
}

function lookup(key, file) {
  const own = overridesOf(file);
  if (key in own) return own[key];
  if (key in SECTIONS) return SECTIONS[key];
  const bare = /^(spec|dec):(\d+):/.exec(key);
  if (bare) {
    const section = `${bare[1]}:${bare[2]}`;
    if (section in own) return own[section];
    if (section in SECTIONS) return SECTIONS[section];
  }
  return undefined;
}

/**
 * Rewrites every dead citation of `text` (the contents of `file`, a path from the project root).
 * Answers the new text, how many groups were rewritten, and the keys nothing maps (then `text` is unchanged).
 */
export function rewriteText(text, file) {
  let out = text;
  let count = 0;
  for (const [from, to] of PHRASES) {
    const parts = out.split(from);
    count += parts.length - 1;
    out = parts.join(to);
  }
  let result = '';
  let last = 0;
  const unmapped = [];
  START.lastIndex = 0;
  for (let m = START.exec(out); m; m = START.exec(out)) {
    const { end, keys } = parseGroup(out, m.index);
    if (!keys.length) {
      unmapped.push(out.slice(m.index, m.index + 40).split('\n')[0]);
      continue;
    }
    const anchors = [];
    for (const key of keys) {
      const anchor = lookup(key, file);
      if (anchor === undefined) unmapped.push(key);
      else if (!anchors.includes(anchor)) anchors.push(anchor);
    }
    result += out.slice(last, m.index) + `product: ${anchors.join(', ')}`;
    last = end;
    START.lastIndex = end;
    count += 1;
  }
  result += out.slice(last);
  if (unmapped.length) return { text, count: 0, unmapped };
  return { text: result, count, unmapped };
}

// ---------------------------------------------------------------- files

/** Every scanned source file, as paths from the project root with forward slashes. */
export function sourceFiles(root = ROOT) {
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(path.join(root, dir))) {
      if (SKIP_DIRS.has(name)) continue;
      const rel = `${dir}/${name}`;
      if (SKIP_PATHS.some((p) => rel.startsWith(p))) continue;
      const stat = statSync(path.join(root, rel));
      if (stat.isDirectory()) walk(rel);
      else if (SCAN_EXTENSIONS.some((ext) => name.endsWith(ext))) files.push(rel);
    }
  };
  for (const dir of SCAN_ROOTS) walk(dir);
  return files.sort();
}

function main() {
  const write = process.argv.includes('--write');
  const all = sourceFiles();
  const gone = Object.keys(FILE_OVERRIDES).filter((file) => !all.includes(file));
  for (const file of gone)
    console.warn(`note: ${file} (FILE_OVERRIDES) is not there; a moved file of the same name still gets its entries`);
  let changed = 0;
  let groups = 0;
  let failed = 0;
  for (const file of all) {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    if (!DEAD_FORM.test(text)) continue;
    const { text: next, count, unmapped } = rewriteText(text, file);
    if (unmapped.length) {
      failed += 1;
      console.error(
        `${file}: not rewritten, nothing maps ${unmapped.map((k) => JSON.stringify(k)).join(', ')} (add it to SECTIONS or FILE_OVERRIDES)`,
      );
      continue;
    }
    if (next === text) continue;
    changed += 1;
    groups += count;
    if (write) writeFileSync(path.join(ROOT, file), next);
    const before = text.split('\n');
    const after = next.split('\n');
    console.log(`${file}: ${count} citation(s)`);
    if (!write) {
      for (const line of after) if (!before.includes(line)) console.log(`  + ${line.trim()}`);
    }
    const left = DEAD_FORM.exec(next);
    if (left)
      console.error(
        `${file}: still cites the old form after the rewrite: ${JSON.stringify(next.slice(left.index, left.index + 40))}`,
      );
  }
  console.log(
    `${write ? 'Rewrote' : 'Would rewrite'} ${groups} citation(s) in ${changed} file(s)${failed ? `; ${failed} file(s) left as they were (see above)` : ''}.`,
  );
  if (failed) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
