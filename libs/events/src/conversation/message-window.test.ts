import type { ConversationMessage } from './conversation-state.js';
import {
  EMPTY_WINDOW,
  OPEN_MESSAGES_MAX,
  RECENT_MESSAGES,
  TRIM_SLACK,
  SEEN_PROVIDER_IDS,
  hashProviderId,
  isOpen,
  messageIdOfProviderId,
  messageOf,
  providerIdSeen,
  withMessage,
  withProviderIdSeen,
  type MessageWindow,
  type TrackedMessage,
} from './message-window.js';

const settledInbound = (n: number): TrackedMessage => ({
  id: `in${n}`,
  direction: 'inbound',
  status: 'delivered',
  providerMessageId: `wa${n}`,
  mediaStatus: 'none',
  mediaAttempt: 0,
});
const outbound = (n: number, status: ConversationMessage['status']): TrackedMessage => ({
  id: `out${n}`,
  direction: 'outbound',
  status,
  providerMessageId: status === 'requested' ? null : `wa-out${n}`,
  mediaStatus: 'none',
  mediaAttempt: 0,
});
const withAll = (messages: TrackedMessage[], from: MessageWindow = EMPTY_WINDOW) =>
  messages.reduce((window, message) => withMessage(window, message), from);
const range = (count: number, from = 0) => Array.from({ length: count }, (_, i) => from + i);

describe('MessageWindow: what a conversation keeps of its messages', () => {
  it('keeps the latest messages and drops settled older ones, whatever the history', () => {
    const window = withAll(range(1000).map(settledInbound));
    expect(window.messages.length).toBeGreaterThanOrEqual(RECENT_MESSAGES);
    expect(window.messages.length).toBeLessThanOrEqual(RECENT_MESSAGES + TRIM_SLACK);
    expect(window.messages.at(-1)!.id).toBe('in999');
    expect(messageOf(window, 'in999')).toEqual(settledInbound(999));
    expect(messageOf(window, 'in0')).toBeUndefined();
  });

  it('keeps older messages a later event may still change: sent or delivered, a media download', () => {
    const media: TrackedMessage = { ...settledInbound(-1), id: 'media', mediaStatus: 'failed' };
    const window = withAll(range(500, 1).map(settledInbound), withAll([outbound(0, 'delivered'), media]));
    expect(messageOf(window, 'out0')?.status).toBe('delivered');
    expect(messageOf(window, 'media')?.mediaStatus).toBe('failed');
    expect(messageIdOfProviderId(window, 'wa-out0')).toBe('out0'); // its read ack still finds it
    // Once read, it is settled: it leaves with the next trim.
    const read = withAll(range(40, 501).map(settledInbound), withMessage(window, outbound(0, 'read')));
    expect(messageOf(read, 'out0')).toBeUndefined();
    expect(isOpen(outbound(0, 'read'))).toBe(false);
  });

  it('keeps at most OPEN_MESSAGES_MAX open ones: sends awaiting an ack go first, a send still to do never', () => {
    const requested = outbound(-1, 'requested');
    const failedMedia: TrackedMessage = { ...settledInbound(-2), id: 'media', mediaStatus: 'failed' };
    const delivered = range(OPEN_MESSAGES_MAX + 20).map((n) => outbound(n, 'delivered'));
    const window = withAll(range(100).map(settledInbound), withAll([requested, failedMedia, ...delivered]));
    const openKept = window.messages.filter(isOpen);
    expect(openKept.length).toBe(OPEN_MESSAGES_MAX);
    expect(messageOf(window, 'out-1')).toEqual(requested);
    expect(messageOf(window, 'media')).toEqual(failedMedia); // older, but retried by hand: kept
    expect(messageOf(window, 'out0')).toBeUndefined(); // the oldest delivered went first
    expect(messageOf(window, `out${OPEN_MESSAGES_MAX + 19}`)?.status).toBe('delivered');
    // Failed downloads go too once they alone are more than the bound, the oldest first.
    const failed = range(OPEN_MESSAGES_MAX + 5).map((n): TrackedMessage => ({ ...failedMedia, id: `m${n}` }));
    const manyFailed = withAll(range(40).map(settledInbound), withAll(failed));
    expect(manyFailed.messages.filter(isOpen)).toHaveLength(OPEN_MESSAGES_MAX);
    expect(messageOf(manyFailed, 'm4')).toBeUndefined();
    expect(messageOf(manyFailed, 'm5')?.mediaStatus).toBe('failed');
  });

  it('replaces a message where it is, and never changes the window it was given', () => {
    const before = withAll([outbound(1, 'sent'), settledInbound(2)]);
    const after = withMessage(before, outbound(1, 'delivered'));
    expect(after.messages.map((m) => m.id)).toEqual(['out1', 'in2']);
    expect(messageOf(after, 'out1')?.status).toBe('delivered');
    expect(messageOf(before, 'out1')?.status).toBe('sent');
  });

  it('recognises the latest SEEN_PROVIDER_IDS provider ids, in either form, after their messages left', () => {
    let window: MessageWindow = EMPTY_WINDOW;
    for (const n of range(SEEN_PROVIDER_IDS + 10)) {
      window = withProviderIdSeen(withMessage(window, settledInbound(n)), `wa${n}`);
    }
    expect(window.seenProviderIds).toHaveLength(SEEN_PROVIDER_IDS);
    expect(messageOf(window, 'in20')).toBeUndefined();
    expect(providerIdSeen(window, 'wa20')).toBe(true);
    expect(providerIdSeen(window, 'wa9')).toBe(false); // further back than the hashes kept
    expect(providerIdSeen(window, 'wa-new')).toBe(false);
    // An id once recorded with its address is known by its address-free form, and the other way round.
    const legacy = withProviderIdSeen(EMPTY_WINDOW, 'false_5511955554444@c.us_3EB0AAA');
    expect(providerIdSeen(legacy, 'false_3EB0AAA')).toBe(true);
    const tracked = withMessage(EMPTY_WINDOW, {
      ...settledInbound(1),
      providerMessageId: 'true_5511955554444@c.us_3EB0BBB',
    });
    expect(messageIdOfProviderId(tracked, 'true_3EB0BBB')).toBe('in1');
  });

  it('hashes provider ids into 53 bits, the same for both forms, distinct for distinct ids', () => {
    const hashes = new Set(range(100_000).map((n) => hashProviderId(`false_3EB0${n.toString(16)}`)));
    expect(hashes.size).toBe(100_000);
    expect([...hashes].filter((hash) => !Number.isSafeInteger(hash) || hash < 0)).toEqual([]);
    expect(Math.max(...hashes)).toBeGreaterThan(2 ** 52); // the high bits are used too
    expect(hashProviderId('false_5511955554444@c.us_3EB0AAA')).toBe(hashProviderId('false_3EB0AAA'));
  });
});
