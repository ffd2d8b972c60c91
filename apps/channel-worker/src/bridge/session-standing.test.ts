import { sessionStanding } from './session-standing.js';

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
