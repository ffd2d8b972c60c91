import type { Decider } from '../core/decider.js';
import { assertNever } from '../core/decider.js';
import { DomainError } from '../core/errors.js';
import type { ChannelSessionCommand } from './commands.js';
import type { ChannelDriver, ChannelSessionEvent } from './events.js';
import { QR_CODE_MAX, QR_CODE_PREFIX, SUPPORT_NAME_MAX } from './events.js';
import { normalisePhoneNumber } from './phone.js';

export type ChannelSessionStatus = 'requested' | 'qr_issued' | 'connected' | 'disconnected' | 'failed';

export interface ChannelSession {
  status: ChannelSessionStatus;
  sessionId: string;
  workspaceId: string;
  userId: string;
  driver: ChannelDriver;
  /** The requested number, replaced by the one the phone reports on connecting. */
  phoneNumber: string;
  name: string;
  /** The QR to scan while `qr_issued`, else null. */
  qrCode: string | null;
  /** The error of the last failure while `failed`, else null. */
  lastError: string | null;
}

export type ChannelSessionState = { status: 'none' } | ChannelSession;

export const DEFAULT_SUPPORT_NAME = 'Suporte';
export const CHANNEL_NOT_FOUND_MESSAGE = 'Sessão não encontrada';
export const CHANNEL_ALREADY_CONNECTED_MESSAGE = 'WhatsApp já está conectado';
export const DEFAULT_CHANNEL_ERROR = 'Erro desconhecido';

function requireSession(state: ChannelSessionState): ChannelSession {
  if (state.status === 'none') throw new DomainError('CHANNEL_NOT_FOUND', CHANNEL_NOT_FOUND_MESSAGE);
  return state;
}

function supportName(raw: string | null | undefined): string {
  const name = (raw ?? '').trim() || DEFAULT_SUPPORT_NAME;
  if (name.length > SUPPORT_NAME_MAX) {
    throw new DomainError(
      'CHANNEL_NAME_TOO_LONG',
      `Nome do suporte muito longo (máximo ${SUPPORT_NAME_MAX} caracteres)`,
    );
  }
  return name;
}

function validQrCode(qrCode: string): string {
  if (
    !qrCode.startsWith(QR_CODE_PREFIX) ||
    qrCode.length === QR_CODE_PREFIX.length ||
    qrCode.length > QR_CODE_MAX
  ) {
    throw new DomainError('QR_INVALID', 'QR Code inválido');
  }
  return qrCode;
}

/** The number a phone reports on connecting: digits only, or null when it is not a usable number. */
function reportedPhoneNumber(raw: string | null | undefined): string | null {
  const digits = (raw ?? '').replace(/\D/g, '');
  return digits.length >= 8 && digits.length <= 15 ? digits : null;
}

/** A retry delay in whole milliseconds, or null for none / nonsense. */
function retryDelay(retryInMs: number | null | undefined): number | null {
  if (typeof retryInMs !== 'number' || !Number.isFinite(retryInMs) || retryInMs < 0) return null;
  return Math.round(retryInMs);
}

function decide(command: ChannelSessionCommand, state: ChannelSessionState): ChannelSessionEvent[] {
  switch (command.type) {
    case 'RequestChannelSession': {
      const { sessionId, workspaceId, driver, userId } = command.data;
      const phoneNumber = normalisePhoneNumber(command.data.phoneNumber);
      const name = supportName(command.data.name);
      if (state.status !== 'none') {
        // Session ids are global: another workspace's session is simply not found.
        if (state.workspaceId !== workspaceId)
          throw new DomainError('CHANNEL_NOT_FOUND', CHANNEL_NOT_FOUND_MESSAGE);
        if (state.status !== 'disconnected' && state.status !== 'failed') return [];
      }
      return [
        {
          type: 'ChannelSessionRequested',
          data: { sessionId, workspaceId, channel: 'whatsapp', driver, userId, phoneNumber, name },
        },
      ];
    }
    case 'IssueQr': {
      const session = requireSession(state);
      if (session.status === 'connected') {
        throw new DomainError('CHANNEL_ALREADY_CONNECTED', CHANNEL_ALREADY_CONNECTED_MESSAGE);
      }
      if (session.status === 'disconnected') {
        throw new DomainError('CHANNEL_DISCONNECTED', 'Sessão desconectada. Gere um novo QR Code.');
      }
      const qrCode = validQrCode(command.data.qrCode);
      if (session.status === 'qr_issued' && session.qrCode === qrCode) return [];
      return [{ type: 'ChannelQrIssued', data: { sessionId: session.sessionId, qrCode } }];
    }
    case 'MarkConnected': {
      const session = requireSession(state);
      if (session.status === 'connected') return [];
      return [
        {
          type: 'ChannelConnected',
          data: { sessionId: session.sessionId, phoneNumber: reportedPhoneNumber(command.data.phoneNumber) },
        },
      ];
    }
    case 'MarkDisconnected': {
      const session = requireSession(state);
      if (session.status !== 'connected') return [];
      const reason = (command.data.reason ?? '').trim().slice(0, 500) || 'UNKNOWN';
      return [{ type: 'ChannelDisconnected', data: { sessionId: session.sessionId, reason } }];
    }
    case 'MarkFailed': {
      const session = requireSession(state);
      const error = (command.data.error ?? '').trim().slice(0, 2000) || DEFAULT_CHANNEL_ERROR;
      return [
        {
          type: 'ChannelFailed',
          data: { sessionId: session.sessionId, error, retryInMs: retryDelay(command.data.retryInMs) },
        },
      ];
    }
    default:
      return assertNever(command);
  }
}

function evolve(state: ChannelSessionState, event: ChannelSessionEvent): ChannelSessionState {
  if (event.type === 'ChannelSessionRequested') {
    const { sessionId, workspaceId, userId, driver, phoneNumber, name } = event.data;
    return {
      status: 'requested',
      sessionId,
      workspaceId,
      userId,
      driver,
      phoneNumber,
      name,
      qrCode: null,
      lastError: null,
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'ChannelQrIssued':
      return { ...state, status: 'qr_issued', qrCode: event.data.qrCode };
    case 'ChannelConnected':
      return {
        ...state,
        status: 'connected',
        phoneNumber: event.data.phoneNumber ?? state.phoneNumber,
        qrCode: null,
        lastError: null,
      };
    case 'ChannelDisconnected':
      return { ...state, status: 'disconnected', qrCode: null, lastError: null };
    case 'ChannelFailed':
      return { ...state, status: 'failed', qrCode: null, lastError: event.data.error };
    default:
      return assertNever(event);
  }
}

export const channelSessionDecider: Decider<ChannelSessionCommand, ChannelSessionEvent, ChannelSessionState> =
  {
    initialState: () => ({ status: 'none' }),
    decide,
    evolve,
  };
