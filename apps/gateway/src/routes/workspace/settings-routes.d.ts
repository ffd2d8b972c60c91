import type { GatewayDeps } from '../../http/gateway-deps.js';
import { type RouteDefinition } from '../../http/route.js';
export declare const SETTINGS_SAVED_MESSAGE = "Salvo!";
export declare const SETTINGS_IMPORTED_MESSAGE = "Configura\u00E7\u00F5es importadas com sucesso!";
/** Exportar: the file is named after the product with the suffix -settings.json (spec §9). */
export declare const SETTINGS_EXPORT_FILENAME = "atende-settings.json";
/** Configurações (spec §2 Settings, §3 Settings, §9 defaults). */
export declare function settingsRoutes(deps: GatewayDeps): RouteDefinition[];
