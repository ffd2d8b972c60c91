import type { Decider } from '../core/decider.js';
import { EventRegistry } from '../core/registry.js';
import { spec } from '../testing/given-when-then.js';
import type { ChannelSessionCommand } from './commands.js';
import type { ChannelSessionState } from './decider.js';
import { channelSessionDecider } from './decider.js';
import type { ChannelSessionEvent } from './events.js';
import { channelSessionEventDefinitions } from './events.js';

const registry = new EventRegistry(channelSessionEventDefinitions);

/** The decider, checking every given and emitted event against its schema (unchanged by parsing). */
const validated: Decider<ChannelSessionCommand, ChannelSessionEvent, ChannelSessionState> = {
  initialState: channelSessionDecider.initialState,
  decide: (command, state) =>
    channelSessionDecider.decide(command, state).map((event) => {
      expect(registry.prepare(event, { workspaceId: 'w1' }).data).toEqual(event.data);
      return event;
    }),
  evolve: (state, event) => {
    expect(registry.prepare(event, { workspaceId: 'w1' }).data).toEqual(event.data);
    return channelSessionDecider.evolve(state, event);
  },
};
const channel = spec(validated);

const QR = 'data:image/png;base64,iVBORw0KGgo=';
const QR2 = 'data:image/png;base64,AAAAAAAA=';

const requested: ChannelSessionEvent = {
  type: 'ChannelSessionRequested',
  data: {
    sessionId: 's1',
    workspaceId: 'w1',
    channel: 'whatsapp',
    driver: 'sandbox',
    userId: 'u1',
    phoneNumber: '5511999998888',
    name: 'Suporte Loja',
  },
};
const qrIssued: ChannelSessionEvent = { type: 'ChannelQrIssued', data: { sessionId: 's1', qrCode: QR } };
const connected: ChannelSessionEvent = {
  type: 'ChannelConnected',
  data: { sessionId: 's1', phoneNumber: '5511999998888' },
};
const disconnected: ChannelSessionEvent = {
  type: 'ChannelDisconnected',
  data: { sessionId: 's1', reason: 'LOGOUT' },
};
const failed: ChannelSessionEvent = {
  type: 'ChannelFailed',
  data: { sessionId: 's1', error: 'Navegador fechou', retryInMs: 2000 },
};

const request = (
  data: Partial<Extract<ChannelSessionCommand, { type: 'RequestChannelSession' }>['data']> = {},
) =>
  ({
    type: 'RequestChannelSession',
    data: {
      sessionId: 's1',
      workspaceId: 'w1',
      driver: 'sandbox',
      userId: 'u1',
      phoneNumber: '+55 (11) 99999-8888',
      name: '  Suporte Loja ',
      ...data,
    },
  }) satisfies ChannelSessionCommand;

describe('ChannelSession decider', () => {
  describe('RequestChannelSession', () => {
    it('requests a session with digits only and a trimmed name', () => {
      channel.given([]).when(request()).then([requested]);
    });
    it.each(['', '   ', null])('names a blank support name Suporte (%j)', (name) => {
      channel
        .given([])
        .when(request({ name, driver: 'wwebjs' }))
        .then([{ ...requested, data: { ...requested.data, name: 'Suporte', driver: 'wwebjs' } }]);
    });
    it.each(['', ' - ', 'abc'])('requires a number (%j)', (phoneNumber) => {
      channel
        .given([])
        .when(request({ phoneNumber }))
        .thenThrows('PHONE_REQUIRED', 'Número do WhatsApp é obrigatório');
    });
    it.each(['1234567', '1234567890123456'])('rejects %j (8 to 15 digits)', (phoneNumber) => {
      channel
        .given([])
        .when(request({ phoneNumber }))
        .thenThrows('PHONE_INVALID', 'Número do WhatsApp inválido');
    });
    it.each(['12345678', '123456789012345'])('accepts %j', (phoneNumber) => {
      channel
        .given([])
        .when(request({ phoneNumber }))
        .then([{ ...requested, data: { ...requested.data, phoneNumber } }]);
    });
    it('rejects a support name longer than 100 characters', () => {
      channel
        .given([])
        .when(request({ name: 'x'.repeat(101) }))
        .thenThrows('CHANNEL_NAME_TOO_LONG');
    });
    it.each<[string, ChannelSessionEvent[]]>([
      ['requested', [requested]],
      ['qr_issued', [requested, qrIssued]],
      ['connected', [requested, qrIssued, connected]],
    ])('changes nothing while %s', (_status, past) => {
      channel.given(past).when(request()).then([]);
    });
    it.each<[string, ChannelSessionEvent[]]>([
      ['disconnected', [requested, qrIssued, connected, disconnected]],
      ['failed', [requested, failed]],
    ])('requests again after %s (reconnect)', (_status, past) => {
      channel
        .given(past)
        .when(request({ phoneNumber: '5521988887777', name: 'Outro' }))
        .then([{ ...requested, data: { ...requested.data, phoneNumber: '5521988887777', name: 'Outro' } }]);
    });
    it("does not reveal another workspace's session", () => {
      channel
        .given([requested])
        .when(request({ workspaceId: 'w2' }))
        .thenThrows('CHANNEL_NOT_FOUND', 'Sessão não encontrada');
    });
  });

  describe('IssueQr', () => {
    const issue = (qrCode = QR): ChannelSessionCommand => ({ type: 'IssueQr', data: { qrCode } });
    it('issues a QR for a requested or failed session, and a new one replaces it', () => {
      channel.given([requested]).when(issue()).then([qrIssued]);
      channel.given([requested, failed]).when(issue()).then([qrIssued]);
      channel
        .given([requested, qrIssued])
        .when(issue(QR2))
        .then([{ type: 'ChannelQrIssued', data: { sessionId: 's1', qrCode: QR2 } }]);
    });
    it('changes nothing for the QR already shown', () => {
      channel.given([requested, qrIssued]).when(issue()).then([]);
    });
    it('refuses a connected, missing or disconnected session', () => {
      channel
        .given([requested, connected])
        .when(issue())
        .thenThrows('CHANNEL_ALREADY_CONNECTED', 'WhatsApp já está conectado');
      channel.given([]).when(issue()).thenThrows('CHANNEL_NOT_FOUND', 'Sessão não encontrada');
      channel.given([requested, connected, disconnected]).when(issue()).thenThrows('CHANNEL_DISCONNECTED');
    });
    it.each([
      '',
      'data:image/png;base64,',
      'https://x/qr.png',
      `data:image/png;base64,${'A'.repeat(200_000)}`,
    ])('rejects a QR that is not a PNG data URL (%#)', (qrCode) => {
      channel.given([requested]).when(issue(qrCode)).thenThrows('QR_INVALID', 'QR Code inválido');
    });
  });

  describe('MarkConnected', () => {
    it('connects with the number the phone reports', () => {
      channel
        .given([requested, qrIssued])
        .when({ type: 'MarkConnected', data: { phoneNumber: '5511999998888@c.us' } })
        .then([connected]);
    });
    it('connects without a usable number', () => {
      for (const phoneNumber of [undefined, null, '', '123']) {
        channel
          .given([requested, failed])
          .when({ type: 'MarkConnected', data: { phoneNumber } })
          .then([{ type: 'ChannelConnected', data: { sessionId: 's1', phoneNumber: null } }]);
      }
    });
    it('changes nothing when already connected; needs a session', () => {
      channel.given([requested, connected]).when({ type: 'MarkConnected', data: {} }).then([]);
      channel.given([]).when({ type: 'MarkConnected', data: {} }).thenThrows('CHANNEL_NOT_FOUND');
    });
  });

  describe('MarkDisconnected', () => {
    it('disconnects a connected session', () => {
      channel
        .given([requested, connected])
        .when({ type: 'MarkDisconnected', data: { reason: ' LOGOUT ' } })
        .then([disconnected]);
      channel
        .given([requested, connected])
        .when({ type: 'MarkDisconnected', data: { reason: '' } })
        .then([{ type: 'ChannelDisconnected', data: { sessionId: 's1', reason: 'UNKNOWN' } }]);
    });
    it.each<[string, ChannelSessionEvent[]]>([
      ['requested', [requested]],
      ['qr_issued', [requested, qrIssued]],
      ['disconnected', [requested, connected, disconnected]],
      ['failed', [requested, failed]],
    ])('changes nothing while %s', (_status, past) => {
      channel
        .given(past)
        .when({ type: 'MarkDisconnected', data: { reason: 'LOGOUT' } })
        .then([]);
    });
    it('needs a session', () => {
      channel
        .given([])
        .when({ type: 'MarkDisconnected', data: { reason: 'x' } })
        .thenThrows('CHANNEL_NOT_FOUND');
    });
  });

  describe('MarkFailed', () => {
    it.each<[string, ChannelSessionEvent[]]>([
      ['requested', [requested]],
      ['qr_issued', [requested, qrIssued]],
      ['connected', [requested, connected]],
      ['disconnected', [requested, connected, disconnected]],
      ['failed', [requested, failed]],
    ])('records a failure while %s', (_status, past) => {
      channel
        .given(past)
        .when({ type: 'MarkFailed', data: { error: ' Navegador fechou ', retryInMs: 2000 } })
        .then([failed]);
    });
    it('normalises the error and the retry delay', () => {
      const fail = (error: string, retryInMs: number | null): ChannelSessionEvent[] =>
        validated.decide({ type: 'MarkFailed', data: { error, retryInMs } }, requestedState);
      const requestedState = [requested].reduce(validated.evolve, validated.initialState());
      expect(fail('', null)).toEqual([
        { type: 'ChannelFailed', data: { sessionId: 's1', error: 'Erro desconhecido', retryInMs: null } },
      ]);
      expect(fail('x', 1500.4)[0]?.data).toMatchObject({ retryInMs: 1500 });
      expect(fail('x', -1)[0]?.data).toMatchObject({ retryInMs: null });
      expect(fail('x', Number.POSITIVE_INFINITY)[0]?.data).toMatchObject({ retryInMs: null });
      expect(fail('e'.repeat(3000), 0)[0]?.data).toMatchObject({ error: 'e'.repeat(2000), retryInMs: 0 });
    });
    it('needs a session', () => {
      channel
        .given([])
        .when({ type: 'MarkFailed', data: { error: 'x', retryInMs: null } })
        .thenThrows('CHANNEL_NOT_FOUND');
    });
  });

  describe('state', () => {
    const fold = (past: ChannelSessionEvent[]) => past.reduce(validated.evolve, validated.initialState());
    const base = {
      sessionId: 's1',
      workspaceId: 'w1',
      userId: 'u1',
      driver: 'sandbox',
      phoneNumber: '5511999998888',
      name: 'Suporte Loja',
    };
    it('follows the lifecycle', () => {
      expect(fold([])).toEqual({ status: 'none' });
      expect(fold([requested, qrIssued])).toEqual({
        status: 'qr_issued',
        ...base,
        qrCode: QR,
        lastError: null,
      });
      expect(fold([requested, qrIssued, failed])).toEqual({
        status: 'failed',
        ...base,
        qrCode: null,
        lastError: 'Navegador fechou',
      });
      expect(fold([requested, qrIssued, failed, connected])).toEqual({
        status: 'connected',
        ...base,
        qrCode: null,
        lastError: null,
      });
      expect(
        fold([
          requested,
          { type: 'ChannelConnected', data: { sessionId: 's1', phoneNumber: '5511000001111' } },
        ]),
      ).toMatchObject({ status: 'connected', phoneNumber: '5511000001111' });
      expect(
        fold([requested, { type: 'ChannelConnected', data: { sessionId: 's1', phoneNumber: null } }]),
      ).toMatchObject({ phoneNumber: '5511999998888' });
      expect(fold([requested, connected, disconnected])).toMatchObject({
        status: 'disconnected',
        qrCode: null,
      });
      expect(fold([requested, connected, disconnected, requested])).toMatchObject({ status: 'requested' });
    });
  });
});
