import { z } from 'zod';
import { errorResponseSchema, type RouteDefinition } from './route.js';

function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any', io: 'input' }) as Record<
    string,
    unknown
  >;
}

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const json = jsonSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: s,
  }));
}

/** The OpenAPI 3.1 document of the routes, generated from the same zod schemas that validate them. */
export function openApiDocument(
  routes: readonly RouteDefinition[],
  version: string,
): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorContent = { 'application/json': { schema: jsonSchema(errorResponseSchema) } };
  for (const route of routes) {
    const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const responses: Record<string, unknown> = {
      [String(route.status ?? 200)]: {
        description: 'OK',
        content: { 'application/json': { schema: jsonSchema(route.response) } },
      },
      '400': { description: 'Invalid input', content: errorContent },
    };
    if (route.auth !== 'public') responses['401'] = { description: 'Not signed in', content: errorContent };
    if (route.auth !== 'public' && route.auth !== 'session') {
      responses['403'] = { description: `Needs permission ${route.auth}`, content: errorContent };
    }
    (paths[path] ??= {})[route.method] = {
      summary: route.summary,
      tags: [route.tag],
      ...(route.auth === 'public' ? { security: [] } : {}),
      parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(route.body) } },
            },
          }
        : {}),
      ...(route.upload ? { requestBody: uploadBody(route.upload) } : {}),
      responses,
      'x-permission': route.auth,
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Atende API', version },
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'atende_session' } } },
    security: [{ session: [] }],
    paths,
  };
}

/** A multipart/form-data body: the text parts' schema plus the file part, as binary. */
function uploadBody(upload: NonNullable<RouteDefinition['upload']>) {
  const fields = jsonSchema(upload.fields) as { properties?: object; required?: string[] };
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          ...fields,
          properties: { ...fields.properties, [upload.fileField]: { type: 'string', format: 'binary' } },
          required: [...(fields.required ?? []), upload.fileField],
        },
      },
    },
  };
}
