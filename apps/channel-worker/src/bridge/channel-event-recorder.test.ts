import { mediaMayFollow } from './channel-event-recorder.js';

// Which inbound messages the recorder remembers until their media event: only those a driver
// reports one for (channel-bridge.test.ts drives the ordering itself end to end).
describe('mediaMayFollow', () => {
  it('is true for a message whose mediaUrl is a placeholder for media being fetched', () => {
    expect(mediaMayFollow({ mediaUrl: 'wwebjs-media:false_5511999990001@c.us_ABC' })).toBe(true);
    expect(mediaMayFollow({ mediaUrl: 'https://example.com/foto.jpg' })).toBe(true);
  });

  it('is false for a text, which no media event follows', () => {
    expect(mediaMayFollow({ mediaUrl: null })).toBe(false);
    expect(mediaMayFollow({ mediaUrl: '' })).toBe(false);
  });
});
