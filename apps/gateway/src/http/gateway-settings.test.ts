import { loadConfig } from '@atende/config';
import { gatewaySettings } from './gateway-settings.js';

// Each HTTP setting and what a gateway gets from it. Embedded (start-embedded.ts) and a distributed
// gateway role (apps/server) both take their HTTP settings from here.
const table: [string, Record<string, string>, (s: ReturnType<typeof gatewaySettings>) => unknown, unknown][] =
  [
    [
      'WEB_ORIGIN',
      { WEB_ORIGIN: 'https://app.loja.com.br' },
      (s) => s.deps.webOrigin,
      'https://app.loja.com.br',
    ],
    ['TRUST_PROXY as a hop count', { TRUST_PROXY: '1' }, (s) => s.app.trustProxy, 1],
    ['TRUST_PROXY as a name', { TRUST_PROXY: 'loopback' }, (s) => s.app.trustProxy, 'loopback'],
    ['TRUST_PROXY unset', {}, (s) => s.app.trustProxy, undefined],
    [
      'METRICS_TOKEN',
      { METRICS_TOKEN: 'um-token-de-metricas-longo' },
      (s) => s.app.metricsToken,
      'um-token-de-metricas-longo',
    ],
    ['ATENDE_SIGNUP=open', { ATENDE_SIGNUP: 'open' }, (s) => s.deps.signupOpen, true],
    ['WEB_DIST_DIR', { WEB_DIST_DIR: '/srv/web' }, (s) => s.app.webDistDir, '/srv/web'],
    [
      'AUTH=firebase',
      { AUTH: 'firebase', FIREBASE_PROJECT_ID: 'atende-teste', FIREBASE_API_KEY: 'chave-publica' },
      (s) => [typeof s.deps.firebase, s.deps.firebaseWebConfig],
      ['object', { apiKey: 'chave-publica' }],
    ],
    ['AUTH=local', {}, (s) => s.deps.firebase, undefined],
  ];

describe('gatewaySettings', () => {
  it.each(table)('%s', (_name, env, read, expected) => {
    expect(read(gatewaySettings(loadConfig(env, '/srv/atende')))).toEqual(expected);
  });
});
