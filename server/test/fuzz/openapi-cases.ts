/**
 * Bad input for every operation of the app's OpenAPI document, generated from its schemas.
 *
 * Each operation gets a baseline request sampled from its schemas (with hints for what a JSON Schema cannot say:
 * an order id that exists, a country from the list), then cases that each break one thing: a NUL in a string,
 * huge and negative numbers, wrong types, arrays for scalars, a missing or an extra field, `__proto__` keys, bodies
 * that are cut or not JSON, multipart bodies without a boundary or cut short, bad path and query values. One fault
 * per case keeps the rest valid, so the fault travels as deep as the code lets it (a NUL in a name reaches the
 * INSERT only when every other field passes).
 */
import { multipartBody, multipartCases } from './multipart-cases';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
}

interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  description?: string;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export interface Operation {
  /** `POST /api/admin/add-new-remark`: the key hints and auth rules use. */
  id: string;
  method: string;
  path: string;
  params: { in: 'path' | 'query' | 'header'; name: string; required: boolean; schema: JsonSchema }[];
  /** JSON request body schema, when the operation takes one. */
  body?: JsonSchema;
}

/** Every operation of the document. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = (op.parameters ?? [])
        .filter((p): p is OpenApiParameter & { in: 'path' | 'query' | 'header' } => p.in !== 'cookie')
        .map((p) => ({ in: p.in, name: p.name, required: !!p.required || p.in === 'path', schema: p.schema ?? {} }));
      const body = op.requestBody?.content?.['application/json']?.schema;
      ops.push({
        id: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        params,
        ...(body ? { body } : {}),
      });
    }
  }
  return ops;
}

/** Values the schema cannot express, by field name (and by operation for the few that differ). */
export interface Hints {
  byField: Record<string, unknown>;
  byOperation?: Record<string, { body?: Record<string, unknown>; params?: Record<string, unknown> }>;
}

const types = (s: JsonSchema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);
const variants = (s: JsonSchema): JsonSchema[] => [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])];

/** True when the field takes numbers (directly or as one of its alternatives). */
export function takesNumbers(s: JsonSchema): boolean {
  return (
    types(s).some((t) => t === 'integer' || t === 'number') ||
    variants(s).some(takesNumbers) ||
    (s.enum ?? []).some((v) => typeof v === 'number')
  );
}

/** A value the schema accepts; `name` picks a hint first. */
export function sampleValue(schema: JsonSchema, name: string, hints: Record<string, unknown>): unknown {
  if (Object.hasOwn(hints, name)) return hints[name];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alternatives = variants(schema);
  if (alternatives.length) return sampleValue(alternatives[0]!, name, hints);
  const type = types(schema)[0];
  switch (type) {
    case 'object':
      return sampleObject(schema, hints);
    case 'array':
      return [sampleValue(schema.items ?? {}, name, hints)];
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return false;
    case 'string':
      return schema.format === 'email' ? `fz.${name}@mail.example` : `fz-${name}-value`;
    default:
      return schema.nullable ? null : `fz-${name}-value`;
  }
}

function sampleObject(schema: JsonSchema, hints: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, prop] of Object.entries(schema.properties ?? {})) out[key] = sampleValue(prop, key, hints);
  return out;
}

export interface Baseline {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body?: unknown;
}

export function baselineFor(op: Operation, hints: Hints): Baseline {
  const own = hints.byOperation?.[op.id];
  const fieldHints = { ...hints.byField, ...own?.params };
  const base: Baseline = { path: {}, query: {}, headers: {} };
  for (const p of op.params) {
    const value = sampleValue(p.schema, p.name, fieldHints);
    base[p.in === 'path' ? 'path' : p.in === 'query' ? 'query' : 'headers'][p.name] = value;
  }
  if (op.body) {
    const sampled = sampleValue(op.body, '', { ...hints.byField, ...own?.body });
    base.body = own?.body && sampled && typeof sampled === 'object' ? { ...(sampled as object), ...own.body } : sampled;
  }
  return base;
}

export interface FuzzCase {
  op: string;
  fault: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** The body as an object, when it is one (the test reads personal fields from it). */
  fields?: Record<string, unknown>;
}

const NUL = '\u0000';
const withNul = (v: unknown) => {
  const s = typeof v === 'string' ? v : (JSON.stringify(v) ?? 'null');
  return s.length > 1 ? `${s.slice(0, 2)}${NUL}${s.slice(2)}` : `${s}${NUL}`;
};
const HUGE_NUMBERS: [string, unknown][] = [
  ['max-safe', Number.MAX_SAFE_INTEGER],
  ['negative', -1],
  ['fraction', 1.5],
  ['1e308', 1e308],
  ['int32+1', 2 ** 31],
  ['digits-past-bigint', '99999999999999999999999'],
];

/** One fault per value: what a field may be sent as instead of what it should be. */
function valueFaults(schema: JsonSchema, value: unknown): [string, unknown][] {
  const faults: [string, unknown][] = [
    ['nul', withNul(value)],
    ['null', null],
    ['array', [value, value]],
    ['object', { nested: value }],
    ['lone-surrogate', 'fz\uD800'],
  ];
  faults.push(typeof value === 'number' ? ['string', 'not-a-number'] : ['number', 12345]);
  if (takesNumbers(schema) || typeof value === 'number') faults.push(...HUGE_NUMBERS);
  if (typeof value === 'string' || types(schema).includes('string'))
    faults.push(['long', 'x'.repeat(20_000)], ['empty', '']);
  return faults;
}

/** Faults of a path or query value (text only, as URLs carry). */
const TEXT_FAULTS: [string, string][] = [
  ['nul', NUL],
  ['nul-inside', `12${NUL}34`],
  ['letters', 'abc'],
  ['negative', '-1'],
  ['zero', '0'],
  ['fraction', '1.5'],
  ['max-safe', String(Number.MAX_SAFE_INTEGER)],
  ['digits-past-bigint', '99999999999999999999999'],
  ['exponent', '1e400'],
  ['empty', ''],
  ['long', 'x'.repeat(3000)],
  ['dot-dot', '../../etc/passwd'],
  ['percent', '%'],
];

const enc = (v: unknown) => encodeURIComponent(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

function buildUrl(op: Operation, path: Record<string, unknown>, query: Record<string, unknown>, rawQuery = ''): string {
  let url = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => enc(path[name]));
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) parts.push(`${encodeURIComponent(key)}=${enc(one)}`);
  }
  if (rawQuery) parts.push(rawQuery);
  if (parts.length) url += `?${parts.join('&')}`;
  return url;
}

const strHeaders = (h: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(h)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );

/** Whole-body faults every operation with a body (or without one, for POST/PUT) gets. */
function bodyShapeFaults(op: Operation, base: Baseline, headers: Record<string, string>, url: string): FuzzCase[] {
  const json = JSON.stringify(base.body ?? {});
  const fields =
    base.body && typeof base.body === 'object' && !Array.isArray(base.body)
      ? (base.body as Record<string, unknown>)
      : {};
  const inner = json.startsWith('{') && json.length > 2 ? json.slice(1, -1) : '';
  const withKey = (key: string) => `{${JSON.stringify(key)}:{"polluted":"yes"}${inner ? `,${inner}` : ''}}`;
  const jsonHeaders = { ...headers, 'content-type': 'application/json' };
  const broken = multipartBody(
    Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
  const c = (
    fault: string,
    payload: string | Buffer | undefined,
    h = jsonHeaders,
    f?: Record<string, unknown>,
  ): FuzzCase => ({
    op: op.id,
    fault,
    method: op.method,
    url,
    headers: h,
    ...(payload !== undefined ? { payload } : {}),
    ...(f ? { fields: f } : {}),
  });
  return [
    c('body:__proto__', withKey('__proto__'), jsonHeaders, fields),
    c(
      'body:constructor.prototype',
      `{"constructor":{"prototype":{"polluted":"yes"}}${inner ? `,${inner}` : ''}}`,
      jsonHeaders,
      fields,
    ),
    c('body:extra-field', JSON.stringify({ ...fields, fuzzExtra: 'fz-extra' }), jsonHeaders, fields),
    c('body:empty-object', '{}'),
    c('body:array', `[${json}]`, jsonHeaders, fields),
    c('body:string', '"fz-text"'),
    c('body:number', '9007199254740993'),
    c('body:null', 'null'),
    c('body:none', undefined),
    c('body:empty-text', ''),
    c('body:cut-json', json.slice(0, Math.max(1, Math.floor(json.length / 2))), jsonHeaders, fields),
    c('body:deep-nesting', `${'['.repeat(2000)}${']'.repeat(2000)}`),
    c('body:text-plain', json, { ...headers, 'content-type': 'text/plain' }, fields),
    c('body:invalid-utf8', Buffer.concat([Buffer.from('{"x":"'), Buffer.from([0xff, 0xfe, 0x00]), Buffer.from('"}')])),
    c('body:multipart-no-boundary', broken.payload, { ...headers, 'content-type': 'multipart/form-data' }, fields),
    c(
      'body:multipart-cut',
      broken.payload.subarray(0, Math.floor(broken.payload.length / 2)),
      { ...headers, 'content-type': `multipart/form-data; boundary=${broken.boundary}` },
      fields,
    ),
  ];
}

export interface CaseOptions {
  /** Headers every case of this operation carries (auth). */
  headers: Record<string, string>;
  /** Multipart operations: the valid form (text fields and the file). */
  multipart?: { fields: Record<string, string>; file: { field: string; filename: string; type: string; data: Buffer } };
  /** Only the faults whose name matches (for the runs without a token). */
  only?: RegExp;
  /**
   * At most this many cases for the operation: the baseline, every NUL, paging, whole-body and multipart case, and
   * an even spread of the rest (the same spread on every run).
   */
  max?: number;
}

const ALWAYS = /^baseline$|:nul|^paging:|^body:[^:]+$|^multipart:[^:]+$/;

function bounded(cases: FuzzCase[], max: number): FuzzCase[] {
  if (cases.length <= max) return cases;
  const kept = cases.filter((c) => ALWAYS.test(c.fault));
  const rest = cases.filter((c) => !ALWAYS.test(c.fault));
  const room = Math.max(0, max - kept.length);
  const stride = rest.length / Math.max(1, room);
  const chosen = new Set([
    ...kept,
    ...Array.from({ length: Math.min(room, rest.length) }, (_v, i) => rest[Math.floor(i * stride)]!),
  ]);
  return cases.filter((c) => chosen.has(c));
}

/** The cases of one operation: its baseline first, then one fault each. */
export function casesFor(op: Operation, base: Baseline, options: CaseOptions): FuzzCase[] {
  const headers = { ...strHeaders(base.headers), ...options.headers };
  const url = buildUrl(op, base.path, base.query);
  const cases: FuzzCase[] = [];
  const send = (fault: string, body: unknown, u = url, h = headers): FuzzCase => ({
    op: op.id,
    fault,
    method: op.method,
    url: u,
    headers: body === undefined ? h : { ...h, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    ...(body && typeof body === 'object' && !Array.isArray(body) ? { fields: body as Record<string, unknown> } : {}),
  });

  if (options.multipart) cases.push(...multipartCases(op, url, headers, options.multipart));
  else cases.push(send('baseline', base.body));

  // Path and query values.
  for (const p of op.params) {
    if (p.in === 'header') {
      for (const [fault, value] of [
        ['empty', ''],
        ['long', 'x'.repeat(3000)],
        ['spaces', ' a b '],
      ] as const) {
        cases.push(send(`header:${p.name}:${fault}`, base.body, url, { ...headers, [p.name]: value }));
      }
      if (!p.required) continue;
      const { [p.name]: _dropped, ...rest } = headers;
      cases.push(send(`header:${p.name}:missing`, base.body, url, rest));
      continue;
    }
    const where = p.in === 'path' ? base.path : base.query;
    for (const [fault, value] of TEXT_FAULTS) {
      const changed = { ...where, [p.name]: value };
      const u = p.in === 'path' ? buildUrl(op, changed, base.query) : buildUrl(op, base.path, changed);
      cases.push(send(`${p.in}:${p.name}:${fault}`, base.body, u));
    }
    if (p.in === 'query') {
      const twice = { ...base.query, [p.name]: [where[p.name] ?? '1', where[p.name] ?? '1'] };
      cases.push(send(`query:${p.name}:array`, base.body, buildUrl(op, base.path, twice)));
      const { [p.name]: _dropped, ...rest } = base.query;
      cases.push(send(`query:${p.name}:missing`, base.body, buildUrl(op, base.path, rest)));
    }
  }
  if (op.params.some((p) => p.in === 'query') || op.method === 'GET') {
    cases.push(
      send(
        'query:__proto__',
        base.body,
        buildUrl(op, base.path, base.query, '__proto__%5Bpolluted%5D=yes&constructor%5Bprototype%5D%5Bx%5D=1'),
      ),
    );
    cases.push(send('query:extra', base.body, buildUrl(op, base.path, base.query, 'fuzzExtra=%00')));
  }

  // Body fields, one at a time.
  const body = base.body;
  if (op.body && body && typeof body === 'object' && !Array.isArray(body)) {
    const fields = body as Record<string, unknown>;
    for (const [key, schema] of Object.entries(op.body.properties ?? {})) {
      for (const [fault, value] of valueFaults(schema, fields[key]))
        cases.push(send(`body:${key}:${fault}`, { ...fields, [key]: value }));
      const { [key]: _dropped, ...rest } = fields;
      cases.push(send(`body:${key}:missing`, rest));
    }
  }
  cases.push(...pagingExtremes(op, base, send));
  if (op.body || op.method === 'POST' || op.method === 'PUT') cases.push(...bodyShapeFaults(op, base, headers, url));
  const chosen = options.only ? cases.filter((c) => options.only!.test(c.fault)) : cases;
  return options.max ? bounded(chosen, options.max) : chosen;
}

/**
 * Paging values that are each in range but not together: the last safe page at the largest page size (their
 * product outgrows a bigint OFFSET), and a row window at the end of the safe integers.
 */
function pagingExtremes(
  op: Operation,
  base: Baseline,
  send: (fault: string, body: unknown, url?: string) => FuzzCase,
): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const largest = (s: JsonSchema | undefined) =>
    s?.maximum !== undefined && s.maximum < Number.MAX_SAFE_INTEGER ? s.maximum : 5000;
  const inQuery = Object.fromEntries(op.params.filter((p) => p.in === 'query').map((p) => [p.name, p.schema]));
  const inBody = op.body?.properties ?? {};
  if (inQuery.page && inQuery.limit) {
    const query = { ...base.query, page: Number.MAX_SAFE_INTEGER, limit: largest(inQuery.limit) };
    cases.push(send('paging:last-page-largest-limit', base.body, buildUrl(op, base.path, query)));
  }
  const fields = base.body && typeof base.body === 'object' ? (base.body as Record<string, unknown>) : undefined;
  if (fields && inBody.page && inBody.limit) {
    cases.push(
      send('paging:last-page-largest-limit', {
        ...fields,
        page: Number.MAX_SAFE_INTEGER,
        limit: largest(inBody.limit),
      }),
    );
  }
  if (fields && inBody.start && inBody.end) {
    cases.push(
      send('paging:window-at-the-end', {
        ...fields,
        start: Number.MAX_SAFE_INTEGER - 10,
        end: Number.MAX_SAFE_INTEGER,
      }),
    );
  }
  return cases;
}
