import { z } from 'zod';
import { defineEvent, type EventOf } from '../core/define-event.js';
import {
  INTEGRATION_FIELD_MAX_LENGTH,
  integrationConfigFields,
  integrationTypes,
  isIntegrationConfigField,
} from './integrations.js';
import { WorkspaceDataDeleted } from './data-deletion.js';
import { planNames } from './plan.js';
import { workspaceSettingsSchema } from './settings.js';

export const WORKSPACE_NAME_MAX_LENGTH = 120;

const integrationType = z.enum(integrationTypes);

export const WorkspaceCreated = defineEvent(
  'WorkspaceCreated',
  z.object({
    workspaceId: z.string().min(1),
    name: z.string().min(1).max(WORKSPACE_NAME_MAX_LENGTH),
    ownerId: z.string().min(1),
    trialStartedAt: z.iso.datetime({ offset: true }),
    trialDays: z.number().int().positive(),
  }),
);
/** Billing: the plan the workspace is on from now on (set by the host: `npm run workspace -- set-plan`). */
export const WorkspacePlanChanged = defineEvent(
  'WorkspacePlanChanged',
  z.object({ plan: z.enum(planNames), previousPlan: z.enum(planNames).nullable() }),
);
export const WorkspaceSettingsChanged = defineEvent(
  'WorkspaceSettingsChanged',
  z.object({ settings: workspaceSettingsSchema }),
);
export const IntegrationConfigured = defineEvent(
  'IntegrationConfigured',
  z
    .object({
      integrationType,
      config: z.record(z.string(), z.string().max(INTEGRATION_FIELD_MAX_LENGTH)),
    })
    .superRefine((data, ctx) => {
      for (const label of Object.keys(data.config)) {
        if (!isIntegrationConfigField(data.integrationType, label)) {
          ctx.addIssue({
            code: 'custom',
            path: ['config', label],
            message: `not a field of ${data.integrationType} (${integrationConfigFields[data.integrationType].join(', ')})`,
          });
        }
      }
    }),
  // Secret fields among them: the whole config is sealed with the workspace's key.
  { sealed: { subject: 'workspace', fields: ['config'], removed: { config: {} }, secret: true } },
);
export const IntegrationDisconnected = defineEvent('IntegrationDisconnected', z.object({ integrationType }));
/** The servers a channel uses: one became unreachable (why, in pt-BR) or reachable again. */
export const integrationServers = ['smtp', 'imap'] as const;
export type IntegrationServer = (typeof integrationServers)[number];
export const IntegrationHealthReported = defineEvent(
  'IntegrationHealthReported',
  z.object({
    integrationType,
    server: z.enum(integrationServers),
    reachable: z.boolean(),
    error: z.string().min(1).max(1000).nullable(),
  }),
);

export const workspaceEventDefinitions = [
  WorkspaceCreated,
  WorkspacePlanChanged,
  WorkspaceSettingsChanged,
  IntegrationConfigured,
  IntegrationDisconnected,
  IntegrationHealthReported,
  WorkspaceDataDeleted,
] as const;

export type WorkspaceEvent =
  | EventOf<typeof WorkspaceCreated>
  | EventOf<typeof WorkspacePlanChanged>
  | EventOf<typeof WorkspaceSettingsChanged>
  | EventOf<typeof IntegrationConfigured>
  | EventOf<typeof IntegrationDisconnected>
  | EventOf<typeof IntegrationHealthReported>
  | EventOf<typeof WorkspaceDataDeleted>;
