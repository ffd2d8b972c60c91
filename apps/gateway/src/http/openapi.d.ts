import { type RouteDefinition } from './route.js';
/** The OpenAPI 3.1 document of the routes, generated from the same zod schemas that validate them. */
export declare function openApiDocument(routes: readonly RouteDefinition[], version: string): Record<string, unknown>;
