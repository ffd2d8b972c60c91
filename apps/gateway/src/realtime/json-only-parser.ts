import { createRequire } from 'node:module';
import type * as SocketIoParser from 'socket.io-parser';
import type { Packet } from 'socket.io-parser';

// The CommonJS build, the one socket.io itself loads: Node's ESM entry of socket.io-parser is its
// debug build, which logs (or tests whether to log) every packet.
const { Decoder, Encoder, PacketType, protocol } = createRequire(import.meta.url)(
  'socket.io-parser',
) as typeof SocketIoParser;

/**
 * Socket.IO's encoder without the search for binary attachments it runs over every packet sent
 * (a recursive walk of the payload, ~2 % of ingest time): Atende's socket events are JSON only.
 * The wire format is the default parser's, so clients keep the default parser.
 */
class JsonOnlyEncoder extends Encoder {
  override encode(packet: Packet): string[] {
    // encodeAsString is the default encoder's own string encoding (private in its typings only).
    return [(this as unknown as { encodeAsString(p: Packet): string }).encodeAsString(packet)];
  }
}

/** For the Socket.IO server's `parser` option. */
export const jsonOnlyParser = { protocol, PacketType, Encoder: JsonOnlyEncoder, Decoder };
