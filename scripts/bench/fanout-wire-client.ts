/**
 * bench:fanout's light client: one signed-in agent socket spoken at the wire level (Engine.IO 4 over a
 * WebSocket, Socket.IO 5 packets as text) with `ws`. Thousands of them share one bench thread, so
 * what each costs there is measurement overhead: socket.io-client's Node build (its debug build,
 * with an emitter per layer) spends ≈3× as long per received event as this one does. It still does
 * what a browser does on the server's side of the wire: the same handshake with the session cookie,
 * `join:user` with its acknowledgement, pongs, and every event's JSON parsed.
 */
import WebSocket from 'ws';

export interface WireSocket {
  close(): void;
}

export interface WireOptions {
  url: string;
  cookie: string;
  userId: string;
  timeoutMs: number;
  /** Every event the server pushes: its name and parsed payload. */
  onEvent(name: string, payload: unknown): void;
  onDrop(): void;
}

/** Opens one socket and joins the user's rooms; resolves null when any step fails or times out. */
export function openWireSocket(options: WireOptions): Promise<WireSocket | null> {
  const endpoint = new URL('/socket.io/?EIO=4&transport=websocket', options.url);
  endpoint.protocol = endpoint.protocol === 'https:' ? 'wss:' : 'ws:';
  const ws = new WebSocket(endpoint, { headers: { cookie: options.cookie } });
  let joined = false;
  let closing = false;
  const socket: WireSocket = {
    close: () => {
      closing = true;
      ws.close();
    },
  };
  return new Promise((resolve) => {
    const fail = () => {
      clearTimeout(timer);
      if (!joined) resolve(null);
      else if (!closing) options.onDrop();
      if (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING) ws.terminate();
    };
    const timer = setTimeout(fail, options.timeoutMs);
    ws.on('error', fail);
    ws.on('close', fail);
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      const text = data.toString();
      switch (text[0]) {
        case '0': // Engine.IO open → Socket.IO connect to the main namespace
          ws.send('40');
          return;
        case '2': // ping → pong
          ws.send('3');
          return;
        case '4':
          break;
        default:
          return;
      }
      const packet = text[1];
      if (packet === '0') {
        ws.send(`420${JSON.stringify(['join:user', options.userId])}`);
      } else if (packet === '3' && text.startsWith('430')) {
        const [ack] = JSON.parse(text.slice(3)) as [{ success?: boolean } | undefined];
        clearTimeout(timer);
        if (ack?.success !== true) return fail();
        joined = true;
        resolve(socket);
      } else if (packet === '2') {
        const [name, payload] = JSON.parse(text.slice(2)) as [string, unknown];
        options.onEvent(name, payload);
      } else if (packet === '4') {
        fail(); // connect_error: the handshake was refused
      }
    });
  });
}
