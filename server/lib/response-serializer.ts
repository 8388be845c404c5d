/**
 * Response serializer: the route's zod response schema turned into JSON Schema
 * once (as for the OpenAPI document) and compiled by fast-json-stringify, the
 * serializer Fastify itself uses for JSON Schemas. Like the zod serializer it
 * writes only the declared properties (nothing a query happened to return leaks)
 * and refuses a missing required one (500); it is several times faster on large
 * answers (a 500-row queue page, a 238-row report), see docs/decisions/0007.
 *
 * Compiled at a route's first answer, not at start: a restart then compiles nothing for routes it does not serve
 * yet (docs/decisions/0028), and the first answer of each route pays its compilation once.
 */
import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

type SerializerCompiler = Parameters<FastifyInstance['setSerializerCompiler']>[0];

export const responseSerializer: SerializerCompiler = ({ schema }) => {
  let serialize: ((data: unknown) => string) | undefined;
  return (data: unknown) => {
    serialize ??= fastJsonStringify(
      z.toJSONSchema(schema as z.ZodType, { io: 'output', target: 'draft-7', unrepresentable: 'any' }) as Schema,
    );
    return serialize(data);
  };
};
