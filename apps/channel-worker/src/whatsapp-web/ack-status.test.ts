import { ackStatus } from './ack-status.js';

describe('ackStatus', () => {
  it('maps device → delivered, read and played → read, ignores the rest', () => {
    expect([-1, 0, 1, 2, 3, 4].map(ackStatus)).toEqual([null, null, null, 'delivered', 'read', 'read']);
  });
});
