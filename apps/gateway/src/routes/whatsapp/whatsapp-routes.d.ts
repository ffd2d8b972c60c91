import type { GatewayDeps } from '../../http/gateway-deps.js';
import { type RouteDefinition } from '../../http/route.js';
/** Where the answers come from (the spec's `source` field). */
export declare const SOURCE = "atende";
export declare const CONNECTED_MESSAGE = "WhatsApp conectado com sucesso.";
export declare const SCAN_QR_MESSAGE = "Escaneie o QR Code no WhatsApp do seu celular.";
export declare const WAITING_QR_MESSAGE = "Aguardando gera\u00E7\u00E3o do QR Code...";
export declare const CUSTOMER_NOT_FOUND_MESSAGE = "Contato n\u00E3o encontrado";
export declare const MESSAGE_ID_CONFLICT_MESSAGE = "J\u00E1 existe outra mensagem com este id";
/** The spec's §7 WhatsApp calls (same paths and answer shapes), served from Atende's read models. */
export declare function whatsappRoutes(deps: GatewayDeps): RouteDefinition[];
