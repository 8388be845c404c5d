/**
 * A file sealed at rest (product: security.md#documents): a fresh data key per file, AES-256-GCM over the bytes, the
 * data key wrapped by the ring's current key. Layout: `ACF1` | key id length (1 byte) | key id | wrapped data key
 * (60 bytes) | iv (12) | tag (16) | ciphertext. The storage sees none of the file's bytes in clear; a rotation
 * rewraps the 60 bytes and leaves the body as it is.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { KeyRingError, type KeyRing } from './key-ring';

const MAGIC = Buffer.from('ACF1');
const WRAPPED_BYTES = 12 + 32 + 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function isSealedFile(bytes: Buffer): boolean {
  return bytes.length > MAGIC.length && bytes.subarray(0, MAGIC.length).equals(MAGIC);
}

export function sealFile(ring: KeyRing, plain: Buffer): Buffer {
  const { key, keyId, wrapped } = ring.newDataKey();
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(MAGIC);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  const id = Buffer.from(keyId);
  return Buffer.concat([MAGIC, Buffer.from([id.length]), id, wrapped, iv, cipher.getAuthTag(), body]);
}

interface Header {
  keyId: string;
  wrapped: Buffer;
  iv: Buffer;
  tag: Buffer;
  bodyStart: number;
}

function readHeader(bytes: Buffer): Header {
  if (!isSealedFile(bytes)) throw new KeyRingError('not a sealed file');
  const idLength = bytes[MAGIC.length]!;
  let at = MAGIC.length + 1;
  const keyId = bytes.subarray(at, (at += idLength)).toString();
  const wrapped = bytes.subarray(at, (at += WRAPPED_BYTES));
  const iv = bytes.subarray(at, (at += IV_BYTES));
  const tag = bytes.subarray(at, (at += TAG_BYTES));
  if (at > bytes.length) throw new KeyRingError('a sealed file cut short');
  return { keyId, wrapped, iv, tag, bodyStart: at };
}

/** The key id a sealed file names (a rotation moves the files that name an older one). */
export function keyIdOfFile(bytes: Buffer): string {
  return readHeader(bytes).keyId;
}

export function openFile(ring: KeyRing, sealed: Buffer): Buffer {
  const header = readHeader(sealed);
  const key = ring.unwrapDataKey(header.keyId, header.wrapped);
  const decipher = createDecipheriv('aes-256-gcm', key, header.iv);
  decipher.setAAD(MAGIC);
  decipher.setAuthTag(header.tag);
  try {
    return Buffer.concat([decipher.update(sealed.subarray(header.bodyStart)), decipher.final()]);
  } catch {
    throw new KeyRingError(`a sealed file does not open with the key ${header.keyId}: altered or cut short`);
  }
}

/** The same file with its data key wrapped by the ring's current key; the body is not touched. */
export function rewrapFile(ring: KeyRing, sealed: Buffer): Buffer {
  const header = readHeader(sealed);
  if (header.keyId === ring.currentId) return sealed;
  const { keyId, wrapped } = ring.wrapDataKey(ring.unwrapDataKey(header.keyId, header.wrapped));
  const id = Buffer.from(keyId);
  return Buffer.concat([
    MAGIC,
    Buffer.from([id.length]),
    id,
    wrapped,
    header.iv,
    header.tag,
    sealed.subarray(header.bodyStart),
  ]);
}
