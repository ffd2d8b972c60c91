import { z } from 'zod';
import { workspaceSettingsSchema } from '@atende/events/workspace-settings';
import { doneAnswerSchema, ok } from './answer.js';

/* Configurações: the workspace's settings, and the danger zone (export, delete, deactivate). */

/** The settings as the domain keeps them (Exportar downloads exactly this: GET /api/settings/export). */
export { workspaceSettingsSchema };
export type WorkspaceSettings = z.infer<typeof workspaceSettingsSchema>;

/** GET /api/settings. */
export const settingsAnswerSchema = ok({ settings: workspaceSettingsSchema, companyName: z.string() });
export type SettingsAnswer = z.infer<typeof settingsAnswerSchema>;

/** PUT /api/settings (Salvar) and POST /api/settings/import (Importar). */
export const settingsSavedAnswerSchema = ok({ settings: workspaceSettingsSchema, message: z.string() });
export type SettingsSavedAnswer = z.infer<typeof settingsSavedAnswerSchema>;

/** A row of the export: the read model's record as it is (its fields are not a public API). */
const record = z.record(z.string(), z.unknown());

/** GET /api/account/export (atende-dados.json): the Owner's full export of the workspace. */
export const accountExportSchema = z.object({
  product: z.literal('Atende'),
  exportedAt: z.string(),
  exportedBy: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  workspace: z.object({
    id: z.string(),
    name: z.string(),
    createdAt: z.string(),
    trialStartedAt: z.string(),
    trialDays: z.number(),
  }),
  settings: record,
  integrations: z.array(record),
  team: z.array(record),
  notes: z.array(record),
  emails: z.array(record),
  cannedReplies: z.array(record),
  conversations: z.array(z.object({ id: z.string(), messages: z.array(record) }).loose()),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/** POST /api/account/delete-data and POST /api/account/deactivate. */
export const accountClosedAnswerSchema = doneAnswerSchema;
export type AccountClosedAnswer = z.infer<typeof accountClosedAnswerSchema>;
