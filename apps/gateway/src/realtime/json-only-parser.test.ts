import { Decoder, Encoder, PacketType, type Packet } from 'socket.io-parser';
import { jsonOnlyParser } from './json-only-parser.js';

function decode(encoded: string): Packet {
  const decoder = new Decoder();
  let packet: Packet | undefined;
  decoder.on('decoded', (p: Packet) => (packet = p));
  decoder.add(encoded);
  return packet!;
}

describe('jsonOnlyParser', () => {
  const event: Packet = {
    type: PacketType.EVENT,
    nsp: '/',
    data: [
      'whatsapp:newMessage',
      { id: 'm1', content: 'Olá, ação!', position: 7, conversation: { unreadCount: 2 } },
    ],
  };

  it('encodes events exactly as the default parser, so a default client decodes them', () => {
    const encoded = new jsonOnlyParser.Encoder().encode(event);

    expect(encoded).toEqual(new Encoder().encode(event));
    expect(encoded).toHaveLength(1);
    expect(decode(encoded[0] as string)).toEqual(event);
  });

  it('encodes acknowledgements with their id and namespace', () => {
    const ack: Packet = { type: PacketType.ACK, nsp: '/admin', id: 12, data: [{ success: true }] };

    const encoded = new jsonOnlyParser.Encoder().encode(ack);

    expect(encoded).toEqual(['3/admin,12[{"success":true}]']);
    expect(decode(encoded[0] as string)).toEqual(ack);
  });
});
