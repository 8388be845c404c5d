/**
 * A backup archive sealed whole (product: security.md#backups), streamed so that neither side holds the archive in
 * memory and a restore never passes on a byte it has not authenticated. Layout:
 *
 *   `ACB1` | key id length (1 byte) | key id | wrapped data key (60 bytes) | chunk 0 | chunk 1 | ... | last chunk
 *
 * The data key is fresh per archive, wrapped by the ring's current key (KeyRing.newDataKey), so only a ring holding
 * that key id opens it. The payload (the gzipped tar) is cut into chunks of 64 KiB, each sealed with AES-256-GCM
 * (ciphertext then its 16-byte tag) under the nonce `counter (11 bytes, big-endian) | last (1 byte: 1 on the final
 * chunk, else 0)` and the header as additional data: a chunk moved, dropped, swapped between archives or an archive
 * cut at a chunk boundary does not open (the STREAM construction, as in age and Tink). Only the last chunk may be
 * shorter than 64 KiB; an empty payload is one empty last chunk.
 */
import { createCipheriv, createDecipheriv } from 'node:crypto';
import { open } from 'node:fs/promises';
import { Transform, type TransformCallback } from 'node:stream';
import { KeyRingError, type KeyRing } from '../../lib/encryption/key-ring';

const MAGIC = Buffer.from('ACB1');
const WRAPPED_BYTES = 12 + 32 + 16;
const CHUNK_BYTES = 64 * 1024;
const TAG_BYTES = 16;

export type ArchiveKind = 'sealed' | 'gzip' | 'unknown';

/** A sealed archive's header: what key it needs, and where its chunks begin. */
export interface ArchiveHeader {
  keyId: string;
  wrapped: Buffer;
  bytes: Buffer;
}

/** What a file starts with: a sealed archive, a gzipped tar (a backup from before sealing), or something else. */
export async function archiveKind(file: string): Promise<{ kind: ArchiveKind; header?: ArchiveHeader }> {
  const handle = await open(file, 'r');
  try {
    const start = Buffer.alloc(MAGIC.length + 1 + 255 + WRAPPED_BYTES);
    const { bytesRead } = await handle.read(start, 0, start.length, 0);
    const head = start.subarray(0, bytesRead);
    if (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) return { kind: 'gzip' };
    if (head.length <= MAGIC.length || !head.subarray(0, MAGIC.length).equals(MAGIC)) return { kind: 'unknown' };
    const idLength = head[MAGIC.length]!;
    const end = MAGIC.length + 1 + idLength + WRAPPED_BYTES;
    if (idLength === 0 || head.length < end) return { kind: 'unknown' };
    return {
      kind: 'sealed',
      header: {
        keyId: head.subarray(MAGIC.length + 1, MAGIC.length + 1 + idLength).toString(),
        wrapped: Buffer.from(head.subarray(end - WRAPPED_BYTES, end)),
        bytes: Buffer.from(head.subarray(0, end)),
      },
    };
  } finally {
    await handle.close();
  }
}

const nonce = (counter: number, last: boolean) => {
  const bytes = Buffer.alloc(12);
  bytes.writeUIntBE(counter, 5, 6);
  bytes[11] = last ? 1 : 0;
  return bytes;
};

/** The payload in, the sealed archive out (header first). Its data key is wrapped by the ring's current key. */
export function sealingStream(ring: KeyRing): Transform {
  const { key, keyId, wrapped } = ring.newDataKey();
  const id = Buffer.from(keyId);
  const header = Buffer.concat([MAGIC, Buffer.from([id.length]), id, wrapped]);
  let counter = 0;
  let pending = Buffer.alloc(0);
  const seal = (plain: Buffer, last: boolean) => {
    const cipher = createCipheriv('aes-256-gcm', key, nonce(counter++, last));
    cipher.setAAD(header);
    return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  };
  let started = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      if (!started) {
        started = true;
        this.push(header);
      }
      pending = Buffer.concat([pending, chunk]);
      // A full chunk is sealed as "not last" only once a byte after it exists: the final chunk is always flushed.
      while (pending.length > CHUNK_BYTES) {
        this.push(seal(pending.subarray(0, CHUNK_BYTES), false));
        pending = pending.subarray(CHUNK_BYTES);
      }
      done();
    },
    flush(done: TransformCallback) {
      if (!started) this.push(header);
      this.push(seal(pending, true));
      done();
    },
  });
}

/**
 * The data key of a sealed archive, unwrapped by the ring: throws a KeyRingError naming the key id when the ring lacks
 * it or holds a different key under that id.
 */
export function archiveKey(ring: KeyRing, header: ArchiveHeader): Buffer {
  if (!ring.ids.includes(header.keyId))
    throw new KeyRingError(`The keys given hold no key ${header.keyId}, which sealed this archive`);
  try {
    return ring.unwrapDataKey(header.keyId, header.wrapped);
  } catch {
    throw new KeyRingError(`The key ${header.keyId} given is not the key that sealed this archive: a wrong key`);
  }
}

/** The chunks after the header in, the payload out: each chunk only once it has authenticated. */
export function openingStream(key: Buffer, header: ArchiveHeader): Transform {
  const SEALED_CHUNK = CHUNK_BYTES + TAG_BYTES;
  let counter = 0;
  let pending = Buffer.alloc(0);
  const openChunk = (sealed: Buffer, last: boolean) => {
    const decipher = createDecipheriv('aes-256-gcm', key, nonce(counter, last));
    decipher.setAAD(header.bytes);
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    try {
      const plain = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
      counter += 1;
      return plain;
    } catch {
      throw new KeyRingError(`The archive is damaged or cut short (its part ${counter + 1} does not authenticate)`);
    }
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      pending = Buffer.concat([pending, chunk]);
      try {
        while (pending.length > SEALED_CHUNK) {
          this.push(openChunk(pending.subarray(0, SEALED_CHUNK), false));
          pending = pending.subarray(SEALED_CHUNK);
        }
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done: TransformCallback) {
      try {
        if (pending.length < TAG_BYTES) throw new KeyRingError('The archive is cut short');
        this.push(openChunk(pending, true));
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
}
