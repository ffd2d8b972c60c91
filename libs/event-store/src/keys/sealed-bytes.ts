import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { z } from 'zod';

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A data key's id as the key stores write them (`${subject}#${generation}`). */
const keyIdSchema = z
  .string()
  .min(3)
  .max(1024)
  .regex(/^[^\n]+#\d+$/);

/**
 * A kind of sealed file (customers' media, saved WhatsApp logins): its first bytes. Starting with a
 * NUL byte, no text and no format customers send starts the same, so plain bytes written before
 * sealing are told apart from sealed ones by them.
 */
export class SealedBytesKind {
  readonly magic: Buffer;

  constructor(tag: string) {
    this.magic = Buffer.from(`\0${tag}`, 'latin1');
  }

  /** Whether stored bytes start as this kind's sealed form (else plain bytes, from before sealing). */
  isSealed(bytes: Buffer): boolean {
    return bytes.length >= this.fixedBytes && bytes.subarray(0, this.magic.length).equals(this.magic);
  }

  /**
   * AES-256-GCM of a file, self-describing: magic | version | key id length (uint16 BE) | key id | iv
   * | tag | ciphertext. The header and `context` (who the bytes belong to: a workspace and an id) are
   * authenticated, so sealed bytes copied under another name do not open. Binary, no base64: files
   * run to megabytes.
   */
  seal(key: { keyId: string; key: Buffer }, context: string, plain: Buffer): Buffer {
    const id = Buffer.from(keyIdSchema.parse(key.keyId), 'utf8');
    const fixed = Buffer.alloc(this.fixedBytes);
    this.magic.copy(fixed);
    fixed[this.magic.length] = VERSION;
    fixed.writeUInt16BE(id.length, this.magic.length + 1);
    const header = Buffer.concat([fixed, id]);
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key.key, iv);
    cipher.setAAD(additionalData(header, context));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([header, iv, cipher.getAuthTag(), body]);
  }

  /** The key id sealed bytes name, or undefined when they are not this kind's sealed form. */
  keyIdOf(bytes: Buffer): string | undefined {
    return this.parse(bytes)?.keyId;
  }

  /** The plain bytes; throws when the key is not theirs, or a byte or the context changed. */
  open(bytes: Buffer, key: Buffer, context: string): Buffer {
    const sealed = this.parse(bytes);
    if (!sealed) throw new Error('not sealed bytes of this kind');
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.iv);
    decipher.setAAD(additionalData(sealed.header, context));
    decipher.setAuthTag(sealed.tag);
    return Buffer.concat([decipher.update(sealed.body), decipher.final()]);
  }

  /** magic | version | key id length */
  private get fixedBytes(): number {
    return this.magic.length + 3;
  }

  private parse(bytes: Buffer) {
    if (!this.isSealed(bytes) || bytes[this.magic.length] !== VERSION) return undefined;
    const headerEnd = this.fixedBytes + bytes.readUInt16BE(this.magic.length + 1);
    if (bytes.length < headerEnd + IV_BYTES + TAG_BYTES) return undefined;
    const keyId = keyIdSchema.safeParse(bytes.subarray(this.fixedBytes, headerEnd).toString('utf8'));
    if (!keyId.success) return undefined;
    return {
      keyId: keyId.data,
      header: bytes.subarray(0, headerEnd),
      iv: bytes.subarray(headerEnd, headerEnd + IV_BYTES),
      tag: bytes.subarray(headerEnd + IV_BYTES, headerEnd + IV_BYTES + TAG_BYTES),
      body: bytes.subarray(headerEnd + IV_BYTES + TAG_BYTES),
    };
  }
}

function additionalData(header: Buffer, context: string): Buffer {
  return Buffer.concat([header, Buffer.from(`\n${context}`, 'utf8')]);
}
