import { http, HttpResponse } from 'msw';
import type { SetupServer } from 'msw/node';
import type { Me } from '../../../api/types';

export const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
export const QR_CODE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGBgAAAABQABpfZFQAAAAABJRU5ErkJggg==';
export const APP_CODE = '123456';
export const RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `k3f${i}-x2mq-7h4d`);
export const ENABLED = 'Verificação em duas etapas ativada';
export const DISABLED = 'Verificação em duas etapas desativada';
export const TOTP_INVALID = 'Código de verificação inválido';
export const REQUIRED_BY_WORKSPACE =
  'A empresa exige a verificação em duas etapas: ela não pode ser desativada';

const refusal = (status: number, code: string, error: string) =>
  HttpResponse.json({ success: false, error, code }, { status });

/**
 * The gateway's two-factor routes for one account, as far as the web client sees them: setup gives
 * SECRET, enable takes APP_CODE (and answers RECOVERY_CODES), disable takes APP_CODE or a recovery
 * code unless the workspace requires it; GET /api/auth/me answers `user` with what is on now.
 */
export function serveTwoFactor(server: SetupServer, user: Me, { enabled = false, required = false } = {}) {
  const state = { enabled, required, setups: 0, meCalls: 0 };
  const bodies: { path: string; body: unknown }[] = [];
  const me = (): Me => ({ ...user, twoFactor: { enabled: state.enabled, required: state.required } });
  server.use(
    http.get('/api/auth/me', () => {
      state.meCalls += 1;
      return HttpResponse.json({ success: true, user: me() });
    }),
    http.post('/api/auth/2fa/setup', () => {
      if (state.enabled) {
        return refusal(400, 'TWO_FACTOR_ALREADY_ON', 'A verificação em duas etapas já está ativa');
      }
      state.setups += 1;
      return HttpResponse.json({
        success: true,
        secret: SECRET,
        otpauthUrl: `otpauth://totp/Atende:${user.email}?secret=${SECRET}&issuer=Atende`,
        qrCode: QR_CODE,
      });
    }),
    http.post('/api/auth/2fa/enable', async ({ request }) => {
      const body = (await request.json()) as { code: string };
      bodies.push({ path: 'enable', body });
      if (body.code !== APP_CODE) return refusal(400, 'TOTP_INVALID', TOTP_INVALID);
      state.enabled = true;
      return HttpResponse.json({ success: true, recoveryCodes: RECOVERY_CODES, message: ENABLED });
    }),
    http.post('/api/auth/2fa/disable', async ({ request }) => {
      const body = (await request.json()) as { code: string };
      bodies.push({ path: 'disable', body });
      if (state.required) return refusal(409, 'TWO_FACTOR_REQUIRED_BY_WORKSPACE', REQUIRED_BY_WORKSPACE);
      if (body.code !== APP_CODE && !RECOVERY_CODES.includes(body.code)) {
        return refusal(400, 'TOTP_INVALID', TOTP_INVALID);
      }
      state.enabled = false;
      return HttpResponse.json({ success: true, message: DISABLED });
    }),
  );
  return { state, bodies, me };
}
