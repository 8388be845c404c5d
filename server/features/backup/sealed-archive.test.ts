/**
 * The sealed archive's stream (sealed-archive.ts) at its edges: an empty payload, a payload of whole chunks, one
 * cut at a chunk's end, chunks swapped or taken from another archive, another key. What comes out is exactly what
 * went in, or nothing past the last part that authenticated.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { generateKeyEntry, keyRing, parseEncryptionKeys } from '../../lib/encryption/key-ring';
import { archiveKey, archiveKind, openingStream, sealingStream } from './sealed-archive';

const CHUNK = 64 * 1024;
const SEALED_CHUNK = CHUNK + 16;
const ring = keyRing(parseEncryptionKeys(`${generateKeyEntry('knew')},${generateKeyEntry('kold')}`));
const folder = mkdtempSync(path.join(tmpdir(), 'sealed-archive-test-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function seal(payload: Buffer): Promise<Buffer> {
  const parts: Buffer[] = [];
  // Fed in uneven pieces, as gzip hands them over.
  const pieces = [];
  for (let at = 0; at < payload.length; at += 7000) pieces.push(payload.subarray(at, at + 7000));
  await pipeline(
    Readable.from(pieces),
    sealingStream(ring),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        parts.push(chunk);
        done();
      },
    }),
  );
  return Buffer.concat(parts);
}

/** Opens an archive's bytes; answers what came out, and the error if it stopped (a key refused throws). */
async function open(sealed: Buffer, keys = ring): Promise<{ out: Buffer; error?: Error }> {
  const file = path.join(folder, `${randomBytes(4).toString('hex')}.sealed`);
  writeFileSync(file, sealed);
  const { kind, header } = await archiveKind(file);
  expect(kind).toBe('sealed');
  const key = archiveKey(keys, header!);
  const parts: Buffer[] = [];
  try {
    await pipeline(
      Readable.from([sealed.subarray(header!.bytes.length)]),
      openingStream(key, header!),
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          parts.push(chunk);
          done();
        },
      }),
    );
    return { out: Buffer.concat(parts) };
  } catch (error) {
    return { out: Buffer.concat(parts), error: error as Error };
  }
}

describe('a sealed archive', () => {
  it.each([0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK, 3 * CHUNK + 5])(
    'gives back a payload of %i bytes exactly',
    async (size) => {
      const payload = randomBytes(size);
      const sealed = await seal(payload);
      expect(sealed.subarray(0, 4).toString()).toBe('ACB1');
      const { out, error } = await open(sealed);
      expect(error).toBeUndefined();
      expect(out.equals(payload)).toBe(true);
    },
  );

  it('is refused when cut at a chunk boundary, with chunks swapped, or with a chunk from another archive', async () => {
    const payload = randomBytes(3 * CHUNK + 100);
    const sealed = await seal(payload);
    const headerLength = sealed.length - (3 * SEALED_CHUNK + 100 + 16);
    const chunk = (bytes: Buffer, n: number) =>
      bytes.subarray(headerLength + n * SEALED_CHUNK, headerLength + (n + 1) * SEALED_CHUNK);

    // Cut after two whole chunks: what came out is only what authenticated, and the end is missed.
    const cut = await open(sealed.subarray(0, headerLength + 2 * SEALED_CHUNK));
    expect(cut.error?.message).toBe('The archive is damaged or cut short (its part 2 does not authenticate)');
    expect(cut.out.equals(payload.subarray(0, CHUNK))).toBe(true);

    const swapped = Buffer.concat([
      sealed.subarray(0, headerLength),
      chunk(sealed, 1),
      chunk(sealed, 0),
      sealed.subarray(headerLength + 2 * SEALED_CHUNK),
    ]);
    expect((await open(swapped)).error?.message).toMatch(/part 1 does not authenticate/);
    expect((await open(swapped)).out.length).toBe(0);

    const other = await seal(payload);
    const mixed = Buffer.concat([
      sealed.subarray(0, headerLength + SEALED_CHUNK),
      chunk(other, 1),
      sealed.subarray(headerLength + 2 * SEALED_CHUNK),
    ]);
    expect((await open(mixed)).error?.message).toMatch(/part 2 does not authenticate/);
  });

  it("needs the key whose id it names: another ring's key of that id, or a ring without it, is refused", async () => {
    const sealed = await seal(randomBytes(100));
    await expect(open(sealed, keyRing(parseEncryptionKeys(generateKeyEntry('knew'))))).rejects.toThrow(
      'The key knew given is not the key that sealed this archive: a wrong key',
    );
    await expect(open(sealed, keyRing(parseEncryptionKeys(generateKeyEntry('kother'))))).rejects.toThrow(
      'The keys given hold no key knew, which sealed this archive',
    );
  });
});
