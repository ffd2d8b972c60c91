import { randomBytes } from 'node:crypto';
import { DocCodecError, SEALED_DOC_PREFIX, jsonSealer, plainDocCodec, sealedDocCodec } from './doc-codec.js';

const doc = {
  name: 'Maria Cliente-Distintiva',
  phone: '5511987654321',
  tags: ['vip'],
  unread: 3,
  note: null,
};

describe('plainDocCodec', () => {
  it('stores JSON, as read models always did', () => {
    expect(plainDocCodec.encode(doc)).toBe(JSON.stringify(doc));
    expect(plainDocCodec.decode(JSON.stringify(doc))).toEqual(doc);
  });
});

describe('sealedDocCodec', () => {
  const key = randomBytes(32);
  const codec = sealedDocCodec(key);

  it('gives the document back, and seals it anew each time (random IV)', () => {
    const sealed = codec.encode(doc);
    expect(sealed.startsWith(SEALED_DOC_PREFIX)).toBe(true);
    expect(codec.decode(sealed)).toEqual(doc);
    expect(codec.encode(doc)).not.toBe(sealed);
    for (const value of ['', 'olá 🙂', 0, [1, [2]], { a: { b: 'ç' } }]) {
      expect(codec.decode(codec.encode(value))).toEqual(value);
    }
  });

  it('keeps no plaintext in what it stores', () => {
    const sealed = codec.encode(doc);
    // The short ones as the JSON holds them, quoted: random base64url (no quotes in its alphabet)
    // contained a bare "vip" once in a few thousand runs.
    for (const text of ['Maria', 'Distintiva', '5511987654321', '"vip"', '"name"']) {
      expect(sealed).not.toContain(text);
    }
    expect(Buffer.from(sealed.slice(SEALED_DOC_PREFIX.length), 'base64url').toString('latin1')).not.toContain(
      'Distintiva',
    );
  });

  it('refuses a sealed value that was altered', () => {
    const bytes = Buffer.from(codec.encode(doc).slice(SEALED_DOC_PREFIX.length), 'base64url');
    for (const at of [0, 12, bytes.length - 1]) {
      const altered = Buffer.from(bytes);
      altered[at]! ^= 1;
      expect(() => codec.decode(SEALED_DOC_PREFIX + altered.toString('base64url'))).toThrow(DocCodecError);
    }
    expect(() => codec.decode(`${SEALED_DOC_PREFIX}AAAA`)).toThrow(/truncated/);
  });

  it('refuses a value sealed with another key', () => {
    const other = sealedDocCodec(randomBytes(32));
    expect(() => other.decode(codec.encode(doc))).toThrow(DocCodecError);
  });

  it('still reads plain JSON written before encryption was turned on', () => {
    expect(codec.decode(JSON.stringify(doc))).toEqual(doc);
    expect(codec.decode('"§ in a plain string"')).toBe('§ in a plain string');
  });

  it('does not depend on the caller keeping its key buffer', () => {
    const mine = randomBytes(32);
    const own = sealedDocCodec(mine);
    const sealed = own.encode(doc);
    mine.fill(0);
    expect(own.decode(sealed)).toEqual(doc);
  });

  it('seals JSON texts as it encodes documents (the rebuild writer thread)', () => {
    expect(codec.decode(jsonSealer(key)(JSON.stringify(doc)))).toEqual(doc);
  });

  it('wants a 32-byte key', () => {
    expect(() => sealedDocCodec(randomBytes(16))).toThrow(/32 bytes/);
  });
});
