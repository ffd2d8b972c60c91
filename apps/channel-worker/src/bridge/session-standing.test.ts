import { pendingSince, sessionStanding } from './session-standing.js';

const of = (...types: string[]) => sessionStanding(types.map((type) => ({ type })));

describe('sessionStanding', () => {
  it('is logged in once connected, also after failed attempts since', () => {
    expect(of('ChannelSessionRequested', 'ChannelQrIssued', 'ChannelConnected')).toBe('logged-in');
    expect(of('ChannelSessionRequested', 'ChannelConnected', 'ChannelFailed')).toBe('logged-in');
  });

  it('is logged out after a disconnection, and pending after a new request or QR', () => {
    expect(of('ChannelSessionRequested', 'ChannelConnected', 'ChannelDisconnected')).toBe('logged-out');
    expect(of('ChannelConnected', 'ChannelSessionRequested')).toBe('pending');
    expect(of('ChannelConnected', 'ChannelQrIssued')).toBe('pending');
    expect(of()).toBe('pending');
  });
});

describe('pendingSince', () => {
  const at = (type: string, minute: number) => ({
    type,
    metadata: { occurredAt: `2026-11-02T10:${String(minute).padStart(2, '0')}:00.000Z` },
  });
  const minute = (m: number) => Date.parse(`2026-11-02T10:${String(m).padStart(2, '0')}:00.000Z`);

  it('is the time of the last request or QR code of a session waiting for its scan', () => {
    expect(pendingSince([at('ChannelSessionRequested', 1)])).toBe(minute(1));
    expect(pendingSince([at('ChannelSessionRequested', 1), at('ChannelQrIssued', 2)])).toBe(minute(2));
    const afterLogout = [
      at('ChannelConnected', 1),
      at('ChannelDisconnected', 2),
      at('ChannelSessionRequested', 3),
    ];
    expect(pendingSince(afterLogout)).toBe(minute(3));
  });

  it('is undefined once connected, logged out or failed, or never requested', () => {
    expect(pendingSince([at('ChannelSessionRequested', 1), at('ChannelConnected', 2)])).toBeUndefined();
    expect(pendingSince([at('ChannelConnected', 1), at('ChannelDisconnected', 2)])).toBeUndefined();
    expect(pendingSince([at('ChannelQrIssued', 1), at('ChannelFailed', 2)])).toBeUndefined();
    expect(pendingSince([])).toBeUndefined();
  });
});
