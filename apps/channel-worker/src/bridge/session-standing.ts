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
