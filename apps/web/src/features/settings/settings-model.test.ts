import { defaultSettings, fromForm, parseInteger, parseSettingsFile, toForm } from './settings-model';

const good = {
  company: { name: ' Acme ', email: 'a@acme.com', phone: '+55 11 9999-9999', website: 'https://acme.com' },
  appearance: { theme: 'dark', language: 'en-US', timezone: 'Europe/London' },
  notifications: { email: false, push: true, sound: true, desktop: false },
  security: { twoFactor: true, sessionTimeout: 45, passwordExpiry: 0 },
};

describe('settings model', () => {
  it('has the spec §9 defaults', () => {
    expect(defaultSettings('Minha Empresa')).toEqual({
      company: { name: 'Minha Empresa', email: '', phone: '', website: '' },
      appearance: { theme: 'auto', language: 'pt-BR', timezone: 'America/Sao_Paulo' },
      notifications: { email: true, push: true, sound: false, desktop: true },
      security: { twoFactor: false, sessionTimeout: 30, passwordExpiry: 90 },
    });
  });

  it.each([
    [30, 30],
    ['45', 45],
    [' 60 ', 60],
    ['-1', -1],
    [30.5, null],
    ['30.5', null],
    ['30min', null],
    ['', null],
    [null, null],
    [true, null],
    [Number.NaN, null],
  ])('parses %j as the integer %j', (value, expected) => {
    expect(parseInteger(value)).toBe(expected);
  });

  it('reads a good file, trimming texts and parsing the two numbers as integers', () => {
    const file = { ...good, security: { twoFactor: true, sessionTimeout: '45', passwordExpiry: 0 } };
    expect(parseSettingsFile(JSON.stringify(file))).toEqual({
      ...good,
      company: { ...good.company, name: 'Acme' },
    });
  });

  it.each([
    ['not JSON', '{ "company": '],
    ['an array', '[]'],
    ['a missing section', JSON.stringify({ company: good.company, appearance: good.appearance })],
    ['an extra section', JSON.stringify({ ...good, billing: {} })],
    ['an extra field', JSON.stringify({ ...good, company: { ...good.company, cnpj: '1' } })],
    ['a missing field', JSON.stringify({ ...good, notifications: { email: true, push: true, sound: true } })],
    ['an unknown theme', JSON.stringify({ ...good, appearance: { ...good.appearance, theme: 'azul' } })],
    [
      'an unknown timezone',
      JSON.stringify({ ...good, appearance: { ...good.appearance, timezone: 'Asia/Tokyo' } }),
    ],
    ['a text switch', JSON.stringify({ ...good, notifications: { ...good.notifications, sound: 'sim' } })],
    [
      'a fractional timeout',
      JSON.stringify({ ...good, security: { ...good.security, sessionTimeout: 30.5 } }),
    ],
    ['a timeout below 5', JSON.stringify({ ...good, security: { ...good.security, sessionTimeout: 4 } })],
    ['a negative expiry', JSON.stringify({ ...good, security: { ...good.security, passwordExpiry: -1 } })],
    ['a text expiry', JSON.stringify({ ...good, security: { ...good.security, passwordExpiry: 'noventa' } })],
    ['a long name', JSON.stringify({ ...good, company: { ...good.company, name: 'x'.repeat(121) } })],
  ])('refuses a file with %s', (_label, text) => {
    expect(parseSettingsFile(text)).toBeNull();
  });

  it('turns the form into settings with integers, or names the fields to correct', () => {
    const form = toForm(defaultSettings('Minha Empresa'));
    expect(fromForm({ ...form, security: { ...form.security, sessionTimeout: ' 60 ' } })).toEqual({
      ok: true,
      settings: {
        ...defaultSettings('Minha Empresa'),
        security: { twoFactor: false, sessionTimeout: 60, passwordExpiry: 90 },
      },
    });
    expect(
      fromForm({ ...form, security: { twoFactor: false, sessionTimeout: 'abc', passwordExpiry: '3651' } }),
    ).toEqual({
      ok: false,
      errors: { sessionTimeout: 'Informe um número inteiro', passwordExpiry: 'Use de 0 a 3650 dias' },
    });
    expect(fromForm({ ...form, security: { ...form.security, sessionTimeout: '4' } })).toEqual({
      ok: false,
      errors: { sessionTimeout: 'Use de 5 a 1440 minutos' },
    });
  });
});
