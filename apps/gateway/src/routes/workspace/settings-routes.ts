import { z } from 'zod';
import { settingsAnswerSchema, settingsSavedAnswerSchema } from '@atende/api-contract';
import {
  PASSWORD_EXPIRY_MAX_DAYS,
  SESSION_TIMEOUT_MAX_MINUTES,
  SESSION_TIMEOUT_MIN_MINUTES,
  SETTINGS_IMPORT_ERROR_MESSAGE,
  WORKSPACE_NOT_FOUND_MESSAGE,
  workspaceDecider,
  workspaceLanguages,
  workspaceSettingsSchema,
  workspaceThemes,
  workspaceTimezones,
  streams,
  type WorkspaceSettings,
} from '@atende/events';
import { getWorkspace, type WorkspaceDoc } from '@atende/projector';
import type { RequestContext } from '../../auth/request-context.js';
import { execute } from '../../commands/execute.js';
import type { GatewayDeps } from '../../http/gateway-deps.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import { badRequest, bool, noQuery, notFoundError, oneOf, requireCtx, text } from './shared.js';

export const SETTINGS_SAVED_MESSAGE = 'Salvo!';
export const SETTINGS_IMPORTED_MESSAGE = 'Configurações importadas com sucesso!';
/** Exportar: the file is named after the product with the suffix -settings.json (spec §9). */
export const SETTINGS_EXPORT_FILENAME = 'atende-settings.json';

function int(min: number, max: number) {
  return z
    .number({ error: 'deve ser um número' })
    .int({ error: 'deve ser um número inteiro' })
    .min(min, { error: `deve ser no mínimo ${min}` })
    .max(max, { error: `deve ser no máximo ${max}` });
}

/**
 * The settings form's partial update, with pt-BR messages; the same shape as the domain's
 * workspaceSettingsPatchSchema, which the decider checks again.
 */
const settingsPatch = z.strictObject({
  company: z
    .strictObject({ name: text(120), email: text(254), phone: text(40), website: text(500) })
    .partial()
    .optional(),
  appearance: z
    .strictObject({
      theme: oneOf(workspaceThemes),
      language: oneOf(workspaceLanguages),
      timezone: oneOf(workspaceTimezones),
    })
    .partial()
    .optional(),
  notifications: z
    .strictObject({ email: bool(), push: bool(), sound: bool(), desktop: bool() })
    .partial()
    .optional(),
  security: z
    .strictObject({
      twoFactor: bool(),
      sessionTimeout: int(SESSION_TIMEOUT_MIN_MINUTES, SESSION_TIMEOUT_MAX_MINUTES),
      passwordExpiry: int(0, PASSWORD_EXPIRY_MAX_DAYS),
    })
    .partial()
    .optional(),
});

async function requireWorkspace(deps: GatewayDeps, ctx: RequestContext): Promise<WorkspaceDoc> {
  const workspace = await getWorkspace(deps.readModels.view('workspaces'), ctx.workspaceId);
  if (!workspace) throw notFoundError(WORKSPACE_NOT_FOUND_MESSAGE);
  return workspace;
}

/** Configurações (spec §2 Settings, §3 Settings, §9 defaults). */
export function settingsRoutes(deps: GatewayDeps): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/settings',
      summary: "The workspace's settings and company name",
      tag: 'settings',
      auth: 'session',
      query: noQuery,
      response: settingsAnswerSchema,
      handler: async (_input, rawCtx) => {
        const workspace = await requireWorkspace(deps, requireCtx(rawCtx));
        return { success: true, settings: workspace.settings, companyName: workspace.name };
      },
    }),
    defineRoute({
      method: 'put',
      path: '/api/settings',
      summary: 'Salvar: merges the given sections and fields into the settings',
      tag: 'settings',
      auth: 'settings:manage',
      body: settingsPatch,
      response: settingsSavedAnswerSchema,
      handler: async ({ body }, rawCtx) => {
        const ctx = requireCtx(rawCtx);
        const { newState } = await execute(deps, ctx, workspaceDecider, streams.workspace(ctx.workspaceId), {
          type: 'ChangeWorkspaceSettings',
          data: { patch: body },
        });
        const settings: WorkspaceSettings =
          newState.status === 'active'
            ? newState.workspace.settings
            : (await requireWorkspace(deps, ctx)).settings;
        return { success: true, settings, message: SETTINGS_SAVED_MESSAGE };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/settings/export',
      summary: 'Exportar: the settings as a JSON file (atende-settings.json)',
      tag: 'settings',
      auth: 'session',
      query: noQuery,
      response: workspaceSettingsSchema,
      handler: async ({ res }, rawCtx) => {
        const workspace = await requireWorkspace(deps, requireCtx(rawCtx));
        res.setHeader('Content-Disposition', `attachment; filename="${SETTINGS_EXPORT_FILENAME}"`);
        return workspace.settings;
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/settings/import',
      summary: 'Importar: replaces every setting with those of an exported file',
      tag: 'settings',
      auth: 'settings:manage',
      body: z.strictObject({ settings: z.unknown().optional() }),
      response: settingsSavedAnswerSchema,
      handler: async ({ body }, rawCtx) => {
        const ctx = requireCtx(rawCtx);
        const parsed = workspaceSettingsSchema.safeParse(body.settings);
        if (!parsed.success) throw badRequest('SETTINGS_IMPORT_INVALID', SETTINGS_IMPORT_ERROR_MESSAGE);
        const { newState } = await execute(deps, ctx, workspaceDecider, streams.workspace(ctx.workspaceId), {
          type: 'ReplaceWorkspaceSettings',
          data: { settings: parsed.data },
        });
        const settings: WorkspaceSettings =
          newState.status === 'active' ? newState.workspace.settings : parsed.data;
        return { success: true, settings, message: SETTINGS_IMPORTED_MESSAGE };
      },
    }),
  ];
}
