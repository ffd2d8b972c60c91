import path from 'node:path';
import type { AtendeConfig } from '@atende/config';
import { createFirebaseVerifier } from '../auth/firebase-verifier.js';
import type { AppOptions } from './create-app.js';
import type { GatewayDeps } from './gateway-deps.js';
import { defaultWebDistDir } from './web-client.js';

/** TRUST_PROXY as Express takes it: a hop count, true/false, or addresses/names like 'loopback'. */
export function trustProxySetting(value: string): boolean | number | string {
  if (value === 'true' || value === 'false') return value === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
}

/**
 * What the configuration says about the HTTP side of a gateway, for every composition root that
 * starts one (embedded, a distributed gateway): one place, so a setting cannot be honoured by one
 * and ignored by the other.
 */
export type GatewayHttpConfig = Pick<
  AtendeConfig,
  | 'whatsappDriver'
  | 'ATENDE_SIGNUP'
  | 'WEB_ORIGIN'
  | 'AUTH'
  | 'FIREBASE_PROJECT_ID'
  | 'FIREBASE_API_KEY'
  | 'FIREBASE_AUTH_DOMAIN'
  | 'WEB_DIST_DIR'
  | 'TRUST_PROXY'
  | 'METRICS_TOKEN'
  | 'validateAnswers'
>;

export function gatewaySettings(config: GatewayHttpConfig): {
  deps: Pick<
    GatewayDeps,
    'whatsappDriver' | 'signupOpen' | 'webOrigin' | 'firebase' | 'firebaseWebConfig' | 'validateAnswers'
  >;
  app: Pick<AppOptions, 'trustProxy' | 'metricsToken' | 'webDistDir'>;
} {
  return {
    deps: {
      whatsappDriver: config.whatsappDriver,
      signupOpen: config.ATENDE_SIGNUP === 'open',
      validateAnswers: config.validateAnswers,
      ...(config.WEB_ORIGIN ? { webOrigin: config.WEB_ORIGIN } : {}),
      ...(config.AUTH === 'firebase' && config.FIREBASE_PROJECT_ID
        ? {
            firebase: createFirebaseVerifier(config.FIREBASE_PROJECT_ID),
            firebaseWebConfig: {
              ...(config.FIREBASE_API_KEY ? { apiKey: config.FIREBASE_API_KEY } : {}),
              ...(config.FIREBASE_AUTH_DOMAIN ? { authDomain: config.FIREBASE_AUTH_DOMAIN } : {}),
            },
          }
        : {}),
    },
    app: {
      webDistDir: config.WEB_DIST_DIR ? path.resolve(config.WEB_DIST_DIR) : defaultWebDistDir,
      ...(config.TRUST_PROXY !== undefined ? { trustProxy: trustProxySetting(config.TRUST_PROXY) } : {}),
      ...(config.METRICS_TOKEN ? { metricsToken: config.METRICS_TOKEN } : {}),
    },
  };
}
