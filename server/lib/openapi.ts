/**
 * The last pass over the OpenAPI document (`@fastify/swagger`'s `transformObject`), so that client generators and
 * Redocly's recommended lint (server/lib/openapi.test.ts) get what they need without every routes file repeating
 * it: a stable `operationId` per operation, `security` on every operation (public ones say `[]`), a server entry
 * and OpenAPI 3.0's `nullable` moved onto the typed branches of an `anyOf`. docs/decisions/0017.
 */
import { isPublicRoute } from './auth';

type Json = Record<string, unknown>;
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const camelCase = (words: string[]) =>
  words
    .map((word, i) => (i === 0 ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()))
    .join('');

/**
 * `GET /api/admin/get-orders-list/{orderName}` -> `getOrdersList`: the path's words without `/api`, the staff
 * area's `admin` prefix and the path parameters, in camelCase. When a path has several methods, each but GET
 * gets its method in front (`/api/admin/security-settings`: `securitySettings`, `postSecuritySettings`).
 * Derived from the route alone, so an id changes only when its route does.
 */
export function operationIdFor(method: string, path: string, methodsOnPath: number): string {
  const segments = path.split('/').filter((s) => s && s !== 'api' && !s.startsWith('{'));
  if (segments[0] === 'admin' && segments.length > 1) segments.shift();
  const words = segments.flatMap((s) => s.split(/[-_.]/)).filter(Boolean);
  const lower = method.toLowerCase();
  return camelCase(methodsOnPath > 1 && lower !== 'get' ? [lower, ...words] : words);
}

/**
 * `{nullable: true, anyOf: [...]}` (what the zod converter writes for `x.nullable()` of a union) is invalid
 * OpenAPI 3.0: `nullable` needs a `type` beside it. Saying it on each typed branch means the same (null, or one
 * of the branches) and is valid.
 */
function nullableOntoBranches(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(nullableOntoBranches);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (schema.nullable === true && schema.type === undefined && Array.isArray(branches)) {
      for (const branch of branches as Json[]) if (branch.type !== undefined) branch.nullable = true;
      delete schema.nullable;
    }
  }
  for (const value of Object.values(schema)) nullableOntoBranches(value);
}

export function finishOpenApiDocument(documentObject: { openapiObject: object } | { swaggerObject: object }) {
  if (!('openapiObject' in documentObject)) return documentObject.swaggerObject; // Swagger 2 is never generated here
  const document = documentObject.openapiObject as Json & { paths?: Record<string, Record<string, Json>> };
  document.servers ??= [{ url: '/', description: 'This server (every path starts with /api)' }];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const methods = Object.keys(item).filter((m) => HTTP_METHODS.includes(m));
    for (const method of methods) {
      const operation = item[method]!;
      operation.operationId ??= operationIdFor(method, path, methods.length);
      // Deny by default (lib/auth.ts): every route outside PUBLIC_API_ROUTES needs the staff bearer token.
      operation.security ??= isPublicRoute(path) ? [] : [{ bearer: [] }];
    }
  }
  nullableOntoBranches(document.paths);
  nullableOntoBranches(document.components);
  return document;
}
