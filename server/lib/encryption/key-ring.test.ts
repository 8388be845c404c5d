import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateKeyEntry, keyIdOfValue, keyRing, parseEncryptionKeys } from './key-ring';
import { KEY_FILE, resolveKeySource } from './key-source';
import { isSealedFile, keyIdOfFile, openFile, rewrapFile, sealFile } from './sealed-file';

const oldEntry = generateKeyEntry('k1');
const newEntry = generateKeyEntry('k2');
const oldRing = keyRing(parseEncryptionKeys(oldEntry));
const rotated = keyRing(parseEncryptionKeys(`${newEntry},${oldEntry}`));
const strangerRing = keyRing(parseEncryptionKeys(generateKeyEntry('k1')));
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('sealed values', () => {
  it('hides the value, names its key, and opens under any ring that holds that key', () => {
    const sealed = oldRing.sealValue('TR1234567', 'orders.passport_number');
    expect(sealed).not.toContain('TR1234567');
    expect(keyIdOfValue(sealed)).toBe('k1');
    expect(rotated.openValue(sealed, 'orders.passport_number')).toBe('TR1234567');
    expect(keyIdOfValue(rotated.sealValue('TR1234567', 'orders.passport_number'))).toBe('k2');
  });

  it('refuses a value under another context, a key of the same id that differs, and a key the ring lacks', () => {
    const sealed = rotated.sealValue('1990-02-03', 'orders.date_of_birth');
    expect(() => rotated.openValue(sealed, 'orders.passport_expiry')).toThrow(/key k2 does not open/);
    expect(() => strangerRing.openValue(oldRing.sealValue('x', 'c'), 'c')).toThrow(/key k1 does not open.*wrong key/);
    expect(() => oldRing.openValue(sealed, 'orders.date_of_birth')).toThrow(/holds no key k2/);
  });

  it('gives one blind index per key, stable for a value, different per context', () => {
    expect(rotated.blindIndexes('TR1', 'p')).toEqual([rotated.blindIndex('TR1', 'p'), oldRing.blindIndex('TR1', 'p')]);
    expect(oldRing.blindIndex('TR1', 'p')).not.toBe(oldRing.blindIndex('TR1', 'q'));
    expect(oldRing.checkValue('k1')).not.toBe(strangerRing.checkValue('k1'));
  });
});

describe('ENCRYPTION_KEYS', () => {
  it('names what is wrong without printing a key', () => {
    expect(() => parseEncryptionKeys('')).toThrow(/holds no key/);
    expect(() => parseEncryptionKeys('k1:c2hvcnQ=')).toThrow(/key k1 must be 32 random bytes in base64 \(it has 5\)/);
    expect(() => parseEncryptionKeys(`${oldEntry},${oldEntry}`)).toThrow(/key id k1 is given twice/);
    expect(() => parseEncryptionKeys('no key here')).toThrow(/entry 1 must be id:base64key/);
  });
});

describe('where the keys come from', () => {
  it('generates one key into an embedded data folder once, readable by its owner only', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'keys-'));
    dirs.push(dir);
    const first = resolveKeySource({ DATA_DIR: dir, DATABASE_URL: undefined });
    expect(first).toMatchObject({ from: 'data-folder', generated: true });
    expect(statSync(path.join(dir, KEY_FILE)).mode & 0o777).toBe(0o600);
    const again = resolveKeySource({ DATA_DIR: dir, DATABASE_URL: undefined });
    expect(again.generated).toBe(false);
    expect(again.ring.openValue(first.ring.sealValue('x', 'c'), 'c')).toBe('x');
    expect(readFileSync(path.join(dir, KEY_FILE), 'utf8')).toMatch(/^k\d{8}:/);
  });

  it('requires ENCRYPTION_KEYS with a server database, and prefers it to the folder', () => {
    expect(() => resolveKeySource({ DATA_DIR: '/nonexistent', DATABASE_URL: 'postgres://db/x' })).toThrow(
      /ENCRYPTION_KEYS: is required with DATABASE_URL/,
    );
    const source = resolveKeySource({
      DATA_DIR: '/nonexistent',
      DATABASE_URL: 'postgres://db/x',
      ENCRYPTION_KEYS: newEntry,
    });
    expect(source).toMatchObject({ from: 'environment', generated: false });
    expect(source.ring.currentId).toBe('k2');
  });
});

describe('sealed files', () => {
  const pdf = Buffer.from('%PDF-1.7\nthe arrival card of a traveller\n%%EOF');

  it('holds no byte of the file in clear, opens to the same bytes, and fails when altered', () => {
    const sealed = sealFile(oldRing, pdf);
    expect(isSealedFile(sealed)).toBe(true);
    expect(sealed.includes(Buffer.from('%PDF'))).toBe(false);
    expect(openFile(rotated, sealed)).toEqual(pdf);
    const altered = Buffer.from(sealed);
    altered[altered.length - 1]! ^= 1;
    expect(() => openFile(oldRing, altered)).toThrow(/altered or cut short/);
  });

  it('moves to the current key by rewrapping its data key, the body untouched', () => {
    const sealed = sealFile(oldRing, pdf);
    const moved = rewrapFile(rotated, sealed);
    expect(keyIdOfFile(moved)).toBe('k2');
    expect(moved.subarray(moved.length - pdf.length)).toEqual(sealed.subarray(sealed.length - pdf.length));
    expect(openFile(keyRing(parseEncryptionKeys(newEntry)), moved)).toEqual(pdf);
  });
});
