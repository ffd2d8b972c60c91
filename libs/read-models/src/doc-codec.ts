import { createCipheriv, createDecipheriv, randomFillSync } from 'node:crypto';

/** How a read-model document is stored as a string (in Redis), and read back. */
export interface DocCodec {
  encode(doc: unknown): string;
  decode<T>(raw: string): T;
}

/** Documents as JSON text: what read models stored before encryption at rest. */
export const plainDocCodec: DocCodec = {
  encode: (doc) => JSON.stringify(doc),
  decode: <T>(raw: string) => JSON.parse(raw) as T,
};

/** Starts a sealed value; JSON text never starts with it, so plain values written before still read. */
export const SEALED_DOC_PREFIX = '§1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** IVs are drawn this many at a time (one random fill instead of one per document). */
const IV_POOL = 512;

export class DocCodecError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DocCodecError';
  }
}

/** Encrypts and opens JSON texts with one AES-256-GCM key. */
class JsonSealer {
  private readonly ivs = Buffer.alloc(IV_BYTES * IV_POOL);
  private nextIv = IV_POOL;

  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new DocCodecError(`an AES-256 key has 32 bytes, not ${key.length}`);
  }

  /** `§1` + base64url(iv | ciphertext | tag). The IV is random: rotate the key well before 2³² seals. */
  seal(json: string): string {
    if (this.nextIv === IV_POOL) {
      randomFillSync(this.ivs);
      this.nextIv = 0;
    }
    const iv = this.ivs.subarray(this.nextIv * IV_BYTES, (this.nextIv + 1) * IV_BYTES);
    this.nextIv += 1;
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    const body = cipher.update(json, 'utf8');
    cipher.final(); // GCM is a stream mode: nothing is held back
    return SEALED_DOC_PREFIX + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
  }

  /** The JSON text of a sealed value; throws when it was altered or sealed with another key. */
  open(raw: string): string {
    const bytes = Buffer.from(raw.slice(SEALED_DOC_PREFIX.length), 'base64url');
    if (bytes.length < IV_BYTES + TAG_BYTES) throw new DocCodecError('sealed document is truncated');
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const json = decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES));
    try {
      decipher.final();
    } catch {
      throw new DocCodecError('sealed document does not open with this key (altered, or another key)');
    }
    return json.toString('utf8');
  }
}

/** The key of codecs made by sealedDocCodec, for the rebuild writer thread (never on the codec itself). */
const sealedKeys = new WeakMap<DocCodec, Buffer>();

/**
 * Documents encrypted with AES-256-GCM under `key` (32 bytes): a random 12-byte IV and a 16-byte tag
 * per document, stored as `§1` + base64url(iv | ciphertext | tag). Decoding also reads plain JSON
 * (values written before encryption was turned on); a sealed value that was altered or sealed with
 * another key throws DocCodecError.
 */
export function sealedDocCodec(key: Buffer): DocCodec {
  // A copy the caller cannot wipe or reuse, in its own memory (not Node's shared pool of small
  // buffers), so handing it to the rebuild writer thread copies these bytes only.
  const ownKey = Buffer.alloc(key.length);
  key.copy(ownKey);
  const sealer = new JsonSealer(ownKey);
  const codec: DocCodec = {
    encode: (doc) => sealer.seal(JSON.stringify(doc)),
    decode: <T>(raw: string) => JSON.parse(raw.startsWith(SEALED_DOC_PREFIX) ? sealer.open(raw) : raw) as T,
  };
  sealedKeys.set(codec, ownKey);
  return codec;
}

/** The key of a codec made by sealedDocCodec; undefined for any other codec. */
export function sealedDocCodecKey(codec: DocCodec): Buffer | undefined {
  return sealedKeys.get(codec);
}

/** Seals JSON texts as sealedDocCodec(key) encodes documents (for a thread that gets texts, not documents). */
export function jsonSealer(key: Buffer): (json: string) => string {
  const sealer = new JsonSealer(key);
  return (json) => sealer.seal(json);
}
