import { sessionWorkspaceLookup } from './session-workspace.js';

describe('sessionWorkspaceLookup', () => {
  it("answers the read model's workspace, else the session stream's request, and remembers it", async () => {
    const readStream = jest.fn(async (streamId: string) =>
      streamId === 'channel-s-new'
        ? [{ type: 'ChannelSessionRequested', data: { sessionId: 's-new', workspaceId: 'ws-2' } }]
        : [],
    );
    const workspaceOf = jest.fn(async (sessionId: string) => (sessionId === 's-known' ? 'ws-1' : undefined));
    const lookup = sessionWorkspaceLookup({
      store: { readStream } as unknown as Parameters<typeof sessionWorkspaceLookup>[0]['store'],
      workspaceOf,
    });
    expect(await lookup('s-known')).toBe('ws-1');
    expect(readStream).not.toHaveBeenCalled();
    // Not in the read model yet (its client starts first): the stream says.
    expect(await lookup('s-new')).toBe('ws-2');
    expect(await lookup('s-new')).toBe('ws-2');
    expect(readStream).toHaveBeenCalledTimes(1);
    expect(await lookup('s-unknown')).toBeUndefined();
    expect(await lookup('s-unknown')).toBeUndefined();
    expect(readStream).toHaveBeenCalledTimes(3); // an unknown one is asked again
  });
});
