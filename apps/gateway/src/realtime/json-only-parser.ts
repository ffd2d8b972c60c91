import { Decoder, Encoder, PacketType, protocol, type Packet } from 'socket.io-parser';

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
