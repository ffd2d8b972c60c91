import { z } from 'zod';
import {
  integrationAnswerSchema,
  integrationsAnswerSchema,
  type IntegrationCard,
} from '@atende/api-contract';
import {
  INTEGRATION_FIELD_MAX_LENGTH,
  integrationConfigFields,
  integrationDisplayNames,
  isIntegrationConfigField,
  isIntegrationType,
  isSecretIntegrationField,
  loadAggregate,
  streams,
  workspaceDecider,
  type IntegrationType,
} from '@atende/events';
import { listIntegrations, maskSecret, SECRET_MASK, type IntegrationView } from '@atende/projector';
import type { RequestContext } from '../../auth/request-context.js';
import { execute } from '../../commands/execute.js';
import type { GatewayDeps } from '../../http/gateway-deps.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import { badRequest, noBody, noQuery, notFoundError, requireCtx, text } from './shared.js';

export const INTEGRATION_NOT_FOUND_MESSAGE = 'Integração não encontrada';
export const INTEGRATION_SAVED_MESSAGE = 'Configuração salva com sucesso!';
export const INTEGRATION_DISCONNECTED_MESSAGE = 'Integração desconectada';

function toCard(view: IntegrationView): IntegrationCard {
  const fields: readonly string[] = integrationConfigFields[view.type];
  const config: Record<string, string> = {};
  for (const label of fields) {
    const value = view.config[label];
    // The read model holds secrets masked already; masking again changes nothing (and covers documents
    // projected before it did).
    if (value !== undefined) config[label] = isSecretIntegrationField(label) ? maskSecret(value) : value;
  }
  return {
    type: view.type,
    name: integrationDisplayNames[view.type],
    status: view.status,
    configFields: [...fields],
    config,
    secretFields: fields.filter(isSecretIntegrationField),
    connectedAt: view.connectedAt,
    lastSync: view.updatedAt,
    serverErrors: Object.values(view.health ?? {}).flatMap((h) => (h.reachable || !h.error ? [] : [h.error])),
  };
}

function requireType(value: string): IntegrationType {
  if (!isIntegrationType(value)) throw notFoundError(INTEGRATION_NOT_FOUND_MESSAGE);
  return value;
}

async function currentOf(
  deps: GatewayDeps,
  ctx: RequestContext,
  type: IntegrationType,
): Promise<IntegrationView> {
  const all = await listIntegrations(deps.readModels.view('workspaces'), ctx.workspaceId);
  return all.find((i) => i.type === type)!;
}

/**
 * The integration's config as the workspace's stream has it (the decider's fold), secrets in full:
 * the read model holds them only masked.
 */
async function storedConfigOf(
  deps: GatewayDeps,
  ctx: RequestContext,
  type: IntegrationType,
): Promise<Record<string, string>> {
  const { state } = await loadAggregate(
    { store: deps.store },
    workspaceDecider,
    streams.workspace(ctx.workspaceId),
  );
  return state.status === 'active' ? (state.workspace.integrations[type]?.config ?? {}) : {};
}

/**
 * The config to store: a secret sent back exactly as it was shown (masked) keeps the stored value;
 * any other masked-looking secret is refused rather than stored as bullets.
 */
function mergeConfig(
  type: IntegrationType,
  given: Record<string, string>,
  stored: Record<string, string>,
): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [label, value] of Object.entries(given)) {
    if (!isIntegrationConfigField(type, label)) {
      throw badRequest('INTEGRATION_FIELD_UNKNOWN', `Campo de configuração desconhecido: ${label}`);
    }
    const old = stored[label];
    if (isSecretIntegrationField(label) && value.trim().startsWith(SECRET_MASK)) {
      if (old === undefined || value.trim() !== maskSecret(old)) {
        throw badRequest('INTEGRATION_SECRET_MASKED', `Informe o valor completo de ${label}`);
      }
      result[label] = old;
    } else {
      result[label] = value;
    }
  }
  return result;
}

const typeParams = z.strictObject({ type: text(50) });

/** Integrações: the six channel cards (spec §2 Integrations, §3 Integration card). */
export function integrationsRoutes(deps: GatewayDeps): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/integrations',
      summary: 'The six integration cards, secrets masked (only for who may manage them)',
      tag: 'integrations',
      auth: 'integrations:manage',
      query: noQuery,
      response: integrationsAnswerSchema,
      handler: async (_input, rawCtx) => {
        const ctx = requireCtx(rawCtx);
        const all = await listIntegrations(deps.readModels.view('workspaces'), ctx.workspaceId);
        return { success: true, integrations: all.map(toCard) };
      },
    }),
    defineRoute({
      method: 'put',
      path: '/api/integrations/:type',
      summary: "Salvar Configuração: stores the card's fields (by label) and marks it connected",
      tag: 'integrations',
      auth: 'integrations:manage',
      params: typeParams,
      body: z.strictObject({
        config: z.record(z.string().max(100), text(INTEGRATION_FIELD_MAX_LENGTH), {
          error: 'deve ser um objeto de rótulo para valor',
        }),
      }),
      response: integrationAnswerSchema,
      handler: async ({ params, body }, rawCtx) => {
        const ctx = requireCtx(rawCtx);
        const type = requireType(params.type);
        const config = mergeConfig(type, body.config, await storedConfigOf(deps, ctx, type));
        await execute(deps, ctx, workspaceDecider, streams.workspace(ctx.workspaceId), {
          type: 'ConfigureIntegration',
          data: { integrationType: type, config },
        });
        return {
          success: true,
          integration: toCard(await currentOf(deps, ctx, type)),
          message: INTEGRATION_SAVED_MESSAGE,
        };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/api/integrations/:type',
      summary: 'Desconectar: disconnects the integration and forgets its config',
      tag: 'integrations',
      auth: 'integrations:manage',
      params: typeParams,
      body: noBody,
      response: integrationAnswerSchema,
      handler: async ({ params }, rawCtx) => {
        const ctx = requireCtx(rawCtx);
        const type = requireType(params.type);
        await execute(deps, ctx, workspaceDecider, streams.workspace(ctx.workspaceId), {
          type: 'DisconnectIntegration',
          data: { integrationType: type },
        });
        return {
          success: true,
          integration: toCard(await currentOf(deps, ctx, type)),
          message: INTEGRATION_DISCONNECTED_MESSAGE,
        };
      },
    }),
  ];
}
