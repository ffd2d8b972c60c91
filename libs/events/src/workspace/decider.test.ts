import { EventRegistry } from '../core/registry.js';
import { spec } from '../testing/given-when-then.js';
import type { WorkspaceCommand } from './commands.js';
import { workspaceDecider } from './decider.js';
import type { WorkspaceEvent } from './events.js';
import { workspaceEventDefinitions } from './events.js';
import {
  integrationConfigFields,
  integrationDisplayNames,
  integrationTypes,
  secretIntegrationFields,
} from './integrations.js';
import type { WorkspaceSettings } from './settings.js';
import {
  defaultWorkspaceSettings,
  mergeWorkspaceSettings,
  workspaceSettingsPatchSchema,
  workspaceSettingsSchema,
} from './settings.js';

const created: WorkspaceEvent = {
  type: 'WorkspaceCreated',
  data: {
    workspaceId: 'w1',
    name: 'Minha Empresa',
    ownerId: 'u1',
    trialStartedAt: '2026-01-10T12:00:00.000Z',
    trialDays: 7,
  },
};
const defaults = defaultWorkspaceSettings('Minha Empresa');
const whatsappConnected: WorkspaceEvent = {
  type: 'IntegrationConfigured',
  data: { integrationType: 'whatsapp', config: { 'Phone Number': '5511999999999', 'API Token': 'tok' } },
};
const IMPORT_ERROR = 'Erro ao importar arquivo. Verifique se o formato está correto.';
const workspace = spec(workspaceDecider);

function withSettings(change: (s: WorkspaceSettings) => void): WorkspaceSettings {
  const copy = structuredClone(defaults);
  change(copy);
  return copy;
}

describe('workspace settings', () => {
  it('has the spec §9 defaults', () => {
    expect(defaultWorkspaceSettings('  Acme  ')).toEqual({
      company: { name: 'Acme', email: '', phone: '', website: '' },
      appearance: { theme: 'auto', language: 'pt-BR', timezone: 'America/Sao_Paulo' },
      notifications: { email: true, push: true, sound: false, desktop: true },
      security: { twoFactor: false, sessionTimeout: 30, passwordExpiry: 90 },
    });
    expect(workspaceSettingsSchema.safeParse(defaults).success).toBe(true);
  });
  it('rejects unknown keys, wrong enums and out-of-range numbers', () => {
    const bad = [
      { ...defaults, extra: 1 },
      { ...defaults, company: { ...defaults.company, fax: '' } },
      { ...defaults, appearance: { ...defaults.appearance, theme: 'blue' } },
      { ...defaults, appearance: { ...defaults.appearance, language: 'fr-FR' } },
      { ...defaults, appearance: { ...defaults.appearance, timezone: 'Asia/Tokyo' } },
      { ...defaults, notifications: { ...defaults.notifications, sound: 'yes' } },
      { ...defaults, security: { ...defaults.security, sessionTimeout: 4 } },
      { ...defaults, security: { ...defaults.security, sessionTimeout: 1441 } },
      { ...defaults, security: { ...defaults.security, sessionTimeout: 30.5 } },
      { ...defaults, security: { ...defaults.security, passwordExpiry: -1 } },
      { ...defaults, security: { ...defaults.security, passwordExpiry: 3651 } },
      { ...defaults, company: { ...defaults.company, name: 'x'.repeat(121) } },
      { company: defaults.company, appearance: defaults.appearance, notifications: defaults.notifications },
    ];
    for (const value of bad) expect(workspaceSettingsSchema.safeParse(value).success).toBe(false);
  });
  it('accepts the range limits', () => {
    for (const [sessionTimeout, passwordExpiry] of [
      [5, 0],
      [1440, 3650],
    ]) {
      const value = { ...defaults, security: { twoFactor: true, sessionTimeout, passwordExpiry } };
      expect(workspaceSettingsSchema.safeParse(value).success).toBe(true);
    }
  });
  it('patch schema is a strict deep partial', () => {
    expect(workspaceSettingsPatchSchema.safeParse({}).success).toBe(true);
    expect(workspaceSettingsPatchSchema.safeParse({ security: { twoFactor: true } }).success).toBe(true);
    expect(workspaceSettingsPatchSchema.safeParse({ security: { pin: 1 } }).success).toBe(false);
    expect(workspaceSettingsPatchSchema.safeParse({ billing: {} }).success).toBe(false);
  });
  it('deep-merges a patch, ignoring undefined fields', () => {
    expect(
      mergeWorkspaceSettings(defaults, {
        appearance: { theme: 'dark', language: undefined },
        security: { sessionTimeout: 60 },
      }),
    ).toEqual(
      withSettings((s) => {
        s.appearance.theme = 'dark';
        s.security.sessionTimeout = 60;
      }),
    );
  });
});

describe('integration catalogue', () => {
  it('lists the six card types with their spec labels', () => {
    expect(integrationTypes).toEqual(['whatsapp', 'telegram', 'messenger', 'instagram', 'email', 'website']);
    expect(integrationConfigFields.instagram).toEqual(['Instagram Business ID', 'Access Token']);
    expect(integrationDisplayNames.website).toBe('Website Chat');
    expect(secretIntegrationFields).toEqual([
      'API Token',
      'Bot Token',
      'Access Token',
      'App Secret',
      'Password',
    ]);
  });
});

describe('Workspace decider', () => {
  describe('CreateWorkspace', () => {
    it('creates with a trimmed name, UTC trial start and 7 trial days by default', () => {
      workspace
        .given([])
        .when({
          type: 'CreateWorkspace',
          data: {
            workspaceId: 'w1',
            name: '  Minha Empresa ',
            ownerId: 'u1',
            trialStartedAt: '2026-01-10T09:00:00-03:00',
          },
        })
        .then([created]);
    });
    it('keeps explicit trial days', () => {
      workspace
        .given([])
        .when({
          type: 'CreateWorkspace',
          data: {
            workspaceId: 'w1',
            name: 'A',
            ownerId: 'u1',
            trialStartedAt: '2026-01-10T12:00:00Z',
            trialDays: 3,
          },
        })
        .then([
          {
            type: 'WorkspaceCreated',
            data: {
              workspaceId: 'w1',
              name: 'A',
              ownerId: 'u1',
              trialStartedAt: '2026-01-10T12:00:00.000Z',
              trialDays: 3,
            },
          },
        ]);
    });
    it('starts with the default settings and no integrations', () => {
      const state = workspaceDecider.evolve(workspaceDecider.initialState(), created);
      expect(state).toEqual({
        status: 'active',
        workspace: { ...created.data, plan: null, settings: defaults, integrations: {} },
      });
    });
    it.each(['', '   '])('rejects a blank name (%j)', (name) => {
      workspace
        .given([])
        .when({
          type: 'CreateWorkspace',
          data: { workspaceId: 'w1', name, ownerId: 'u1', trialStartedAt: '2026-01-10T12:00:00Z' },
        })
        .thenThrows('WORKSPACE_NAME_REQUIRED');
    });
    it('rejects a name over 120 characters', () => {
      workspace
        .given([])
        .when({
          type: 'CreateWorkspace',
          data: {
            workspaceId: 'w1',
            name: 'x'.repeat(121),
            ownerId: 'u1',
            trialStartedAt: '2026-01-10T12:00:00Z',
          },
        })
        .thenThrows('WORKSPACE_NAME_TOO_LONG');
    });
    it.each(['2026-01-10', '2026-01-10T12:00:00', 'ontem', ''])(
      'rejects trial start %j',
      (trialStartedAt) => {
        workspace
          .given([])
          .when({
            type: 'CreateWorkspace',
            data: { workspaceId: 'w1', name: 'A', ownerId: 'u1', trialStartedAt },
          })
          .thenThrows('TRIAL_START_INVALID');
      },
    );
    it.each([0, -1, 2.5, Number.NaN])('rejects trial days %p', (trialDays) => {
      workspace
        .given([])
        .when({
          type: 'CreateWorkspace',
          data: {
            workspaceId: 'w1',
            name: 'A',
            ownerId: 'u1',
            trialStartedAt: '2026-01-10T12:00:00Z',
            trialDays,
          },
        })
        .thenThrows('TRIAL_DAYS_INVALID');
    });
    it('rejects creating twice', () => {
      workspace
        .given([created])
        .when({
          type: 'CreateWorkspace',
          data: { workspaceId: 'w1', name: 'A', ownerId: 'u1', trialStartedAt: '2026-01-10T12:00:00Z' },
        })
        .thenThrows('WORKSPACE_EXISTS');
    });
  });

  describe('plans (billing)', () => {
    const starter: WorkspaceEvent = {
      type: 'WorkspacePlanChanged',
      data: { plan: 'starter', previousPlan: null },
    };
    it('a new workspace starts on the trial, with no plan', () => {
      const state = workspaceDecider.evolve(workspaceDecider.initialState(), created);
      expect(state.status === 'active' && state.workspace.plan).toBeNull();
    });
    it("creates on a plan chosen at creation (the host's --plan)", () => {
      workspace
        .given([])
        .when({
          type: 'CreateWorkspace',
          data: { ...created.data, plan: 'enterprise' } as never,
        })
        .then([created, { type: 'WorkspacePlanChanged', data: { plan: 'enterprise', previousPlan: null } }]);
    });
    it('changes the plan, saying what it was', () => {
      workspace
        .given([created])
        .when({ type: 'ChangePlan', data: { plan: 'starter' } })
        .then([starter]);
      workspace
        .given([created, starter])
        .when({ type: 'ChangePlan', data: { plan: 'professional' } })
        .then([{ type: 'WorkspacePlanChanged', data: { plan: 'professional', previousPlan: 'starter' } }]);
    });
    it('returns [] for the plan it is already on', () => {
      workspace
        .given([created, starter])
        .when({ type: 'ChangePlan', data: { plan: 'starter' } })
        .then([]);
    });
    it('rejects an unknown plan, at creation too, and a missing or deleted workspace', () => {
      workspace
        .given([created])
        .when({ type: 'ChangePlan', data: { plan: 'gold' } })
        .thenThrows('PLAN_INVALID');
      workspace
        .given([])
        .when({ type: 'CreateWorkspace', data: { ...created.data, plan: 'gold' } as never })
        .thenThrows('PLAN_INVALID');
      workspace
        .given([])
        .when({ type: 'ChangePlan', data: { plan: 'starter' } })
        .thenThrows('WORKSPACE_NOT_FOUND');
      workspace
        .given([
          created,
          {
            type: 'WorkspaceDataDeleted',
            data: { workspaceId: 'w1', deletedBy: 'u1', memberIds: [], channelSessionIds: [] },
          },
        ])
        .when({ type: 'ChangePlan', data: { plan: 'starter' } })
        .thenThrows('WORKSPACE_NOT_FOUND');
    });
  });
  describe('ChangeWorkspaceSettings', () => {
    it('emits the full merged settings', () => {
      workspace
        .given([created])
        .when({
          type: 'ChangeWorkspaceSettings',
          data: { patch: { company: { email: ' contato@acme.com ' }, notifications: { sound: true } } },
        })
        .then([
          {
            type: 'WorkspaceSettingsChanged',
            data: {
              settings: withSettings((s) => {
                s.company.email = 'contato@acme.com';
                s.notifications.sound = true;
              }),
            },
          },
        ]);
    });
    it('merges on top of earlier changes', () => {
      const dark = withSettings((s) => (s.appearance.theme = 'dark'));
      workspace
        .given([created, { type: 'WorkspaceSettingsChanged', data: { settings: dark } }])
        .when({ type: 'ChangeWorkspaceSettings', data: { patch: { appearance: { language: 'es-ES' } } } })
        .then([
          {
            type: 'WorkspaceSettingsChanged',
            data: {
              settings: withSettings((s) => {
                s.appearance.theme = 'dark';
                s.appearance.language = 'es-ES';
              }),
            },
          },
        ]);
    });
    it('returns [] when nothing changes', () => {
      workspace
        .given([created])
        .when({ type: 'ChangeWorkspaceSettings', data: { patch: {} } })
        .then([]);
      workspace
        .given([created])
        .when({
          type: 'ChangeWorkspaceSettings',
          data: { patch: { security: { sessionTimeout: 30 }, company: { name: ' Minha Empresa ' } } },
        })
        .then([]);
    });
    it.each<unknown>([
      { security: { sessionTimeout: 1 } },
      { security: { passwordExpiry: 1.5 } },
      { appearance: { theme: 'blue' } },
      { notifications: { email: 'sim' } },
      { security: { pin: '1234' } },
      { billing: { plan: 'x' } },
      null,
    ])('rejects an invalid patch %j', (patch) => {
      workspace
        .given([created])
        .when({ type: 'ChangeWorkspaceSettings', data: { patch } } as WorkspaceCommand)
        .thenThrows('SETTINGS_INVALID', 'Configurações inválidas');
    });
    it('rejects a missing workspace', () => {
      workspace
        .given([])
        .when({ type: 'ChangeWorkspaceSettings', data: { patch: {} } })
        .thenThrows('WORKSPACE_NOT_FOUND', 'Empresa não encontrada');
    });
  });

  describe('ReplaceWorkspaceSettings (Importar)', () => {
    it('replaces every setting', () => {
      const imported = {
        company: {
          name: 'Acme',
          email: 'a@acme.com',
          phone: '+55 11 9999-9999',
          website: 'https://acme.com',
        },
        appearance: { theme: 'light', language: 'en-US', timezone: 'Europe/London' },
        notifications: { email: false, push: false, sound: true, desktop: false },
        security: { twoFactor: true, sessionTimeout: 120, passwordExpiry: 0 },
      };
      workspace
        .given([created])
        .when({ type: 'ReplaceWorkspaceSettings', data: { settings: JSON.parse(JSON.stringify(imported)) } })
        .then([{ type: 'WorkspaceSettingsChanged', data: { settings: imported as WorkspaceSettings } }]);
    });
    it('returns [] when the file equals the current settings', () => {
      workspace
        .given([created])
        .when({ type: 'ReplaceWorkspaceSettings', data: { settings: structuredClone(defaults) } })
        .then([]);
    });
    it.each<unknown>([
      null,
      'texto',
      [],
      {},
      { ...defaults, security: { twoFactor: false, sessionTimeout: '30', passwordExpiry: 90 } },
      { ...defaults, extra: true },
      { company: defaults.company },
    ])('rejects an invalid file %#', (settings) => {
      workspace
        .given([created])
        .when({ type: 'ReplaceWorkspaceSettings', data: { settings } })
        .thenThrows('SETTINGS_INVALID', IMPORT_ERROR);
    });
    it('rejects a missing workspace', () => {
      workspace
        .given([])
        .when({ type: 'ReplaceWorkspaceSettings', data: { settings: defaults } })
        .thenThrows('WORKSPACE_NOT_FOUND');
    });
  });

  describe('ConfigureIntegration', () => {
    it('refuses Email settings the e-mail channel could not use, naming the field', () => {
      const email = (config: Record<string, string>): WorkspaceCommand => ({
        type: 'ConfigureIntegration',
        data: { integrationType: 'email', config },
      });
      workspace
        .given([created])
        .when(email({ 'SMTP Server': 'smtp.loja.com:0' }))
        .thenThrows('INTEGRATION_FIELD_INVALID', 'Valor inválido para SMTP Server: use host ou host:porta');
      workspace
        .given([created])
        .when(email({ TLS: 'talvez' }))
        .thenThrows('INTEGRATION_FIELD_INVALID', 'Valor inválido para TLS: use auto, on ou off');
      workspace
        .given([created])
        .when(email({ 'SMTP Server': 'smtp.loja.com:465', 'IMAP Server': 'imap.loja.com', TLS: 'on' }))
        .then([
          {
            type: 'IntegrationConfigured',
            data: {
              integrationType: 'email',
              config: { 'SMTP Server': 'smtp.loja.com:465', 'IMAP Server': 'imap.loja.com', TLS: 'on' },
            },
          },
        ]);
    });
    it('connects with trimmed values in field order, leaving blanks out', () => {
      workspace
        .given([created])
        .when({
          type: 'ConfigureIntegration',
          data: {
            integrationType: 'telegram',
            config: { 'Webhook URL': ' https://x.test/hook ', 'Bot Token': ' 123:abc ', 'Chat ID': '   ' },
          },
        })
        .then([
          {
            type: 'IntegrationConfigured',
            data: {
              integrationType: 'telegram',
              config: { 'Bot Token': '123:abc', 'Webhook URL': 'https://x.test/hook' },
            },
          },
        ]);
    });
    it('allows an empty configuration (Salvar Configuração always connects)', () => {
      workspace
        .given([created])
        .when({ type: 'ConfigureIntegration', data: { integrationType: 'website', config: {} } })
        .then([{ type: 'IntegrationConfigured', data: { integrationType: 'website', config: {} } }]);
    });
    it('reconfigures a connected integration when the config differs', () => {
      workspace
        .given([created, whatsappConnected])
        .when({
          type: 'ConfigureIntegration',
          data: { integrationType: 'whatsapp', config: { 'Phone Number': '5511888888888' } },
        })
        .then([
          {
            type: 'IntegrationConfigured',
            data: { integrationType: 'whatsapp', config: { 'Phone Number': '5511888888888' } },
          },
        ]);
    });
    it('returns [] when already connected with the same config', () => {
      workspace
        .given([created, whatsappConnected])
        .when({
          type: 'ConfigureIntegration',
          data: {
            integrationType: 'whatsapp',
            config: { 'API Token': 'tok ', 'Phone Number': '5511999999999' },
          },
        })
        .then([]);
    });
    it('rejects an unknown type', () => {
      workspace
        .given([created])
        .when({ type: 'ConfigureIntegration', data: { integrationType: 'sms', config: {} } })
        .thenThrows('INTEGRATION_TYPE_UNKNOWN', 'Tipo de integração desconhecido');
    });
    it('rejects a label of another type', () => {
      workspace
        .given([created])
        .when({
          type: 'ConfigureIntegration',
          data: { integrationType: 'instagram', config: { 'Bot Token': 'x' } },
        })
        .thenThrows('INTEGRATION_FIELD_UNKNOWN', 'Campo de configuração desconhecido: Bot Token');
    });
    it('rejects a value over 2000 characters', () => {
      workspace
        .given([created])
        .when({
          type: 'ConfigureIntegration',
          data: { integrationType: 'website', config: { 'Widget Code': 'x'.repeat(2001) } },
        })
        .thenThrows('INTEGRATION_FIELD_TOO_LONG');
      workspace
        .given([created])
        .when({
          type: 'ConfigureIntegration',
          data: { integrationType: 'website', config: { 'Widget Code': ` ${'x'.repeat(2000)} ` } },
        })
        .then([
          {
            type: 'IntegrationConfigured',
            data: { integrationType: 'website', config: { 'Widget Code': 'x'.repeat(2000) } },
          },
        ]);
    });
    it('rejects a non-string value or a non-object config', () => {
      workspace
        .given([created])
        .when({
          type: 'ConfigureIntegration',
          data: { integrationType: 'email', config: { Password: 123 } },
        } as unknown as WorkspaceCommand)
        .thenThrows('INTEGRATION_FIELD_INVALID');
      workspace
        .given([created])
        .when({
          type: 'ConfigureIntegration',
          data: { integrationType: 'email', config: 'x' },
        } as unknown as WorkspaceCommand)
        .thenThrows('INTEGRATION_CONFIG_INVALID');
    });
    it('rejects a missing workspace', () => {
      workspace
        .given([])
        .when({ type: 'ConfigureIntegration', data: { integrationType: 'email', config: {} } })
        .thenThrows('WORKSPACE_NOT_FOUND');
    });
  });

  describe('ReportIntegrationHealth', () => {
    const emailCard: WorkspaceEvent = {
      type: 'IntegrationConfigured',
      data: { integrationType: 'email', config: { 'SMTP Server': 'smtp.loja.com', Email: 'a@loja.com' } },
    };
    const report = (reachable: boolean, error: string | null = null): WorkspaceCommand => ({
      type: 'ReportIntegrationHealth',
      data: { integrationType: 'email', server: 'imap', reachable, error },
    });
    const reported = (reachable: boolean, error: string | null): WorkspaceEvent => ({
      type: 'IntegrationHealthReported',
      data: { integrationType: 'email', server: 'imap', reachable, error },
    });
    it('records a server becoming unreachable, then reachable again; only changes', () => {
      workspace
        .given([created, emailCard])
        .when(report(false, ' Servidor IMAP inacessível '))
        .then([reported(false, 'Servidor IMAP inacessível')]);
      workspace
        .given([created, emailCard, reported(false, 'Servidor IMAP inacessível')])
        .when(report(false, 'Servidor IMAP inacessível'))
        .then([]);
      workspace
        .given([created, emailCard, reported(false, 'Servidor IMAP inacessível')])
        .when(report(false, 'Outro motivo'))
        .then([reported(false, 'Outro motivo')]);
      workspace
        .given([created, emailCard, reported(false, 'Servidor IMAP inacessível')])
        .when(report(true, 'ignorado'))
        .then([reported(true, null)]);
    });
    it('says nothing of a reachable server nothing was said about, a card saved again, or one disconnected', () => {
      workspace.given([created, emailCard]).when(report(true)).then([]);
      // Saving the card again forgets what its old settings did.
      workspace
        .given([
          created,
          emailCard,
          reported(false, 'x'),
          { ...emailCard, data: { ...emailCard.data, config: {} } },
        ])
        .when(report(true))
        .then([]);
      workspace
        .given([created, emailCard, { type: 'IntegrationDisconnected', data: { integrationType: 'email' } }])
        .when(report(false, 'x'))
        .then([]);
      workspace
        .given([created, emailCard])
        .when(report(false, '  '))
        .then([reported(false, 'Servidor inacessível')]);
    });
  });

  describe('DisconnectIntegration', () => {
    it('disconnects a connected integration', () => {
      workspace
        .given([created, whatsappConnected])
        .when({ type: 'DisconnectIntegration', data: { integrationType: 'whatsapp' } })
        .then([{ type: 'IntegrationDisconnected', data: { integrationType: 'whatsapp' } }]);
    });
    it('rejects one that is not connected (never, or no longer)', () => {
      workspace
        .given([created])
        .when({ type: 'DisconnectIntegration', data: { integrationType: 'whatsapp' } })
        .thenThrows('INTEGRATION_NOT_CONNECTED', 'Integração não conectada');
      workspace
        .given([
          created,
          whatsappConnected,
          { type: 'IntegrationDisconnected', data: { integrationType: 'whatsapp' } },
        ])
        .when({ type: 'DisconnectIntegration', data: { integrationType: 'whatsapp' } })
        .thenThrows('INTEGRATION_NOT_CONNECTED');
    });
    it('rejects an unknown type and a missing workspace', () => {
      workspace
        .given([created])
        .when({ type: 'DisconnectIntegration', data: { integrationType: 'fax' } })
        .thenThrows('INTEGRATION_TYPE_UNKNOWN');
      workspace
        .given([])
        .when({ type: 'DisconnectIntegration', data: { integrationType: 'whatsapp' } })
        .thenThrows('WORKSPACE_NOT_FOUND');
    });
  });

  it('folds integrations into state', () => {
    const events: WorkspaceEvent[] = [
      created,
      whatsappConnected,
      { type: 'IntegrationConfigured', data: { integrationType: 'email', config: { Email: 'a@b.com' } } },
      { type: 'IntegrationDisconnected', data: { integrationType: 'whatsapp' } },
    ];
    const state = events.reduce(workspaceDecider.evolve, workspaceDecider.initialState());
    expect(state.status === 'active' && state.workspace.integrations).toEqual({
      email: { status: 'connected', config: { Email: 'a@b.com' } },
    });
  });
});

/** A value each config field takes (the Email card's are checked). */
function validValue(field: string): string {
  const values: Record<string, string> = {
    'SMTP Server': 'smtp.loja.com',
    'IMAP Server': 'imap.loja.com:993',
    Email: 'contato@loja.com',
    TLS: 'auto',
  };
  return values[field] ?? 'v';
}

describe('workspace events match their schemas', () => {
  const registry = new EventRegistry(workspaceEventDefinitions);
  const commands: [WorkspaceEvent[], WorkspaceCommand][] = [
    [
      [],
      {
        type: 'CreateWorkspace',
        data: { workspaceId: 'w1', name: 'A', ownerId: 'u1', trialStartedAt: '2026-01-10T12:00:00+01:00' },
      },
    ],
    [[created], { type: 'ChangeWorkspaceSettings', data: { patch: { security: { twoFactor: true } } } }],
    [[created], { type: 'ChangePlan', data: { plan: 'enterprise' } }],
    [
      [created],
      {
        type: 'ReplaceWorkspaceSettings',
        data: { settings: withSettings((s) => (s.appearance.theme = 'light')) },
      },
    ],
    ...integrationTypes.map((integrationType): [WorkspaceEvent[], WorkspaceCommand] => [
      [created],
      {
        type: 'ConfigureIntegration',
        data: {
          integrationType,
          config: Object.fromEntries(integrationConfigFields[integrationType].map((f) => [f, validValue(f)])),
        },
      },
    ]),
    [[created, whatsappConnected], { type: 'DisconnectIntegration', data: { integrationType: 'whatsapp' } }],
    [
      [created, whatsappConnected],
      {
        type: 'ReportIntegrationHealth',
        data: { integrationType: 'whatsapp', server: 'smtp', reachable: false, error: 'x' },
      },
    ],
    [
      [created],
      {
        type: 'DeleteWorkspaceData',
        data: { deletedBy: 'u1', confirmation: 'EXCLUIR', memberIds: ['u1'], channelSessionIds: [] },
      },
    ],
  ];
  it.each(commands)('%#: emitted events pass the registry', (past, command) => {
    const state = past.reduce(workspaceDecider.evolve, workspaceDecider.initialState());
    const events = workspaceDecider.decide(command, state);
    expect(events.length).toBeGreaterThan(0);
    for (const event of events)
      expect(registry.prepare(event, { workspaceId: 'w1' }).data).toEqual(event.data);
  });
  it('covers every event type', () => {
    const emitted = new Set(
      commands.flatMap(([past, command]) =>
        workspaceDecider
          .decide(command, past.reduce(workspaceDecider.evolve, workspaceDecider.initialState()))
          .map((e) => e.type),
      ),
    );
    expect([...emitted].sort()).toEqual(registry.types().sort());
  });
  it('rejects config labels of another type', () => {
    expect(() =>
      registry.prepare(
        { type: 'IntegrationConfigured', data: { integrationType: 'email', config: { 'Bot Token': 'x' } } },
        { workspaceId: 'w1' },
      ),
    ).toThrow(/Bot Token/);
  });
});
