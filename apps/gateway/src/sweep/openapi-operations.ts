/**
 * The operations of the gateway's OpenAPI document (GET /api/openapi.json), in the small subset of
 * JSON Schema that openapi.ts generates from the zod schemas.
 */

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** `POST /api/notes/{noteId}`: how the sweep names an operation. */
  key: string;
  method: string;
  /** OpenAPI path, with `{param}` placeholders. */
  path: string;
  /** `public`, `session` or the permission the route needs. */
  permission: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON body schema, when the operation takes a body. */
  body: JsonSchema | undefined;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        /** JSON, or multipart/form-data for an upload (its bad input: the upload route's own tests). */
        requestBody?: { content: Partial<Record<'application/json', { schema: JsonSchema }>> };
        'x-permission'?: string;
      }
    >
  >;
}

export function operationsOf(document: unknown): Operation[] {
  const doc = document as OpenApiDocument;
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const parameters = op.parameters ?? [];
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        permission: op['x-permission'] ?? 'session',
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        body: op.requestBody?.content['application/json']?.schema,
      });
    }
  }
  return operations;
}

/** The path with its `{param}` placeholders replaced by already URL-encoded segments. */
export function fillPath(path: string, segments: Record<string, string>): string {
  return path.replace(/\{([A-Za-z0-9_]+)\}/g, (_m, name: string) => {
    const segment = segments[name];
    if (segment === undefined) throw new Error(`no value for path parameter ${name} of ${path}`);
    return segment;
  });
}
