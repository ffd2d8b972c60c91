/** What a session's channel stream says of its phone's login. */
export type SessionStanding = 'logged-in' | 'pending' | 'logged-out';

/**
 * Logged in: connected, and neither logged out nor requested again since (a failed attempt changes
 * no login). A worker restores such a session from its saved login without a new QR.
 */
export function sessionStanding(history: readonly { type: string }[]): SessionStanding {
  for (let i = history.length - 1; i >= 0; i -= 1) {
    switch (history[i]!.type) {
      case 'ChannelConnected':
        return 'logged-in';
      case 'ChannelDisconnected':
        return 'logged-out';
      case 'ChannelSessionRequested':
      case 'ChannelQrIssued':
        return 'pending';
      default:
        break;
    }
  }
  return 'pending';
}

/**
 * When a session waiting for its QR code to be scanned was last asked for: the time (ms) of its last
 * request or QR code. Undefined when it is not waiting: connected, logged out or failed since (the
 * connect modal gives up on a failure, the user asks again), or never requested.
 */
export function pendingSince(
  history: readonly { type: string; metadata: { occurredAt: string } }[],
): number | undefined {
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const event = history[i]!;
    switch (event.type) {
      case 'ChannelSessionRequested':
      case 'ChannelQrIssued':
        return Date.parse(event.metadata.occurredAt);
      case 'ChannelConnected':
      case 'ChannelDisconnected':
      case 'ChannelFailed':
        return undefined;
      default:
        break;
    }
  }
  return undefined;
}
