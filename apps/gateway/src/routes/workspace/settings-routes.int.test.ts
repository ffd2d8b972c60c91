import type { WorkspaceSettings } from '@atende/events';
import { GatewayHarness } from '../../testing/harness.js';
import { deniedCount, signInEveryone, type Cookies } from './testing.js';

type SettingsAnswer = {
  success: boolean;
  settings: WorkspaceSettings;
  companyName?: string;
  message?: string;
};

const IMPORT_ERROR = 'Erro ao importar arquivo. Verifique se o formato está correto.';

describe('settings API', () => {
  let gw: GatewayHarness;
  let c: Cookies;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    c = await signInEveryone(gw, 'config');
  });
  afterAll(async () => gw.stop());

  it('answers the spec defaults and the company name to any member', async () => {
    const res = await gw.request<SettingsAnswer>('GET', '/api/settings', { cookie: c.agent });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      companyName: 'Minha Empresa',
      settings: {
        company: { name: 'Minha Empresa', email: '', phone: '', website: '' },
        appearance: { theme: 'auto', language: 'pt-BR', timezone: 'America/Sao_Paulo' },
        notifications: { email: true, push: true, sound: false, desktop: true },
        security: { twoFactor: false, sessionTimeout: 30, passwordExpiry: 90 },
      },
    });
  });

  it("saves a patch ('Salvo!'), merged into the rest; persisted", async () => {
    const res = await gw.request<SettingsAnswer>('PUT', '/api/settings', {
      cookie: c.admin,
      body: {
        company: { phone: ' 11 99999-0000 ' },
        notifications: { sound: true },
        security: { sessionTimeout: 60 },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Salvo!');
    expect(res.body.settings.company).toEqual({
      name: 'Minha Empresa',
      email: '',
      phone: '11 99999-0000',
      website: '',
    });
    expect(res.body.settings.notifications.sound).toBe(true);
    expect(res.body.settings.security.sessionTimeout).toBe(60);
    const read = await gw.request<SettingsAnswer>('GET', '/api/settings', { cookie: c.owner });
    expect(read.body.settings).toEqual(res.body.settings);
    expect(await gw.streamTypes('workspace-minha-empresa')).toContain('WorkspaceSettingsChanged');
  });

  it('exports the settings as atende-settings.json, and importing the file replaces them', async () => {
    const exported = await gw.request<WorkspaceSettings>('GET', '/api/settings/export', { cookie: c.agent });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toBe('attachment; filename="atende-settings.json"');
    expect(exported.body.appearance.language).toBe('pt-BR');

    const file = {
      ...exported.body,
      appearance: { ...exported.body.appearance, theme: 'dark', language: 'es-ES' },
    };
    const res = await gw.request<SettingsAnswer>('POST', '/api/settings/import', {
      cookie: c.owner,
      body: { settings: file },
    });
    expect(res.status).toBe(200);
    expect(res.body.settings).toEqual(file);
    const read = await gw.request<SettingsAnswer>('GET', '/api/settings', { cookie: c.owner });
    expect(read.body.settings.appearance).toEqual({
      theme: 'dark',
      language: 'es-ES',
      timezone: 'America/Sao_Paulo',
    });
  });

  it.each([
    ['a missing section', { company: { name: 'x', email: '', phone: '', website: '' } }],
    ['a string number', { security: { twoFactor: false, sessionTimeout: '30', passwordExpiry: 90 } }],
    ['not an object', 'config'],
    ['nothing', undefined],
  ])('refuses importing %s with the spec text (400, nothing written)', async (_label, settings) => {
    const before = await gw.lastPosition();
    const res = await gw.request('POST', '/api/settings/import', {
      cookie: c.owner,
      body: settings === undefined ? {} : { settings },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: IMPORT_ERROR, code: 'SETTINGS_IMPORT_INVALID' });
    expect(await gw.lastPosition()).toBe(before);
  });

  it.each([
    ['an unknown section', { billing: {} }],
    ['an unknown field', { company: { cnpj: '1' } }],
    ['a bad theme', { appearance: { theme: 'azul' } }],
    ['a session timeout below 5', { security: { sessionTimeout: 1 } }],
    ['a non-integer expiry', { security: { passwordExpiry: 1.5 } }],
    ['a string boolean', { notifications: { email: 'true' } }],
  ])('refuses saving %s (400, nothing written)', async (_label, body) => {
    const before = await gw.lastPosition();
    const res = await gw.request('PUT', '/api/settings', { cookie: c.owner, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(await gw.lastPosition()).toBe(before);
  });

  it('lets only settings:manage save or import (Supervisor: 403, audited)', async () => {
    for (const [method, path, body] of [
      ['PUT', '/api/settings', { notifications: { sound: false } }],
      ['POST', '/api/settings/import', { settings: {} }],
    ] as const) {
      const denied = await deniedCount(gw);
      const before = await gw.lastPosition();
      const res = await gw.request(method, path, { cookie: c.supervisor, body });
      expect(res.status).toBe(403);
      expect(await deniedCount(gw)).toBe(denied + 1);
      expect(await gw.lastPosition()).toBe(before + 1);
    }
  });

  it('answers 401 without a session', async () => {
    expect((await gw.request('GET', '/api/settings')).status).toBe(401);
    expect((await gw.request('GET', '/api/settings/export')).status).toBe(401);
    expect((await gw.request('PUT', '/api/settings', { body: {} })).status).toBe(401);
    expect((await gw.request('POST', '/api/settings/import', { body: { settings: {} } })).status).toBe(401);
  });

  it("keeps each workspace's settings apart", async () => {
    const res = await gw.request<SettingsAnswer>('PUT', '/api/settings', {
      cookie: c.foreign,
      body: { company: { website: 'https://outra.com' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.settings.company.name).toBe('Empresa outra');
    const mine = await gw.request<SettingsAnswer>('GET', '/api/settings', { cookie: c.owner });
    expect(mine.body.settings.company.website).toBe('');
    expect(mine.body.companyName).toBe('Minha Empresa');
  });
});
