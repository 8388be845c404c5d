import { describe, expect, it } from 'vitest';
import { decodeId, decodeOrderId, encodeId, parseOrderRef } from './ids';
import { COUNTRY_NAMES, DIALLING_CODES, diallingCode } from './dialling-codes';

describe('id obfuscation', () => {
  it('encodes 100001 as MjAwMDAy and back', () => {
    expect(encodeId(100001)).toBe('MjAwMDAy');
    expect(encodeId('100001')).toBe('MjAwMDAy');
    expect(decodeId('MjAwMDAy')).toBe('100001');
    expect(decodeOrderId('MjAwMDAy')).toBe(100001);
  });

  it('round-trips many ids without padding', () => {
    for (const id of [1, 7, 100002, 123456, 999999, 1100000, 98765432]) {
      const encoded = encodeId(id);
      expect(encoded).not.toContain('=');
      expect(decodeOrderId(encoded)).toBe(id);
    }
  });

  it('rejects text that is not an encoding', () => {
    expect(decodeOrderId('not base64!')).toBeNull();
    expect(decodeOrderId(encodeId('abc'))).toBeNull();
    // An odd number cannot come from doubling.
    expect(decodeOrderId(btoa('200003').replace(/=+$/, ''))).toBeNull();
  });
});

describe('an order id in a path', () => {
  it('is the number itself or its encoded form, nothing else', () => {
    expect(parseOrderRef('100001')).toBe(100001);
    expect(parseOrderRef('MjAwMDAy')).toBe(100001);
    expect(parseOrderRef('1234567890123456')).toBeNull();
    expect(parseOrderRef('-5')).toBeNull();
    expect(parseOrderRef('not-an-id!')).toBeNull();
  });
});

describe('dialling codes', () => {
  it('maps known countries and returns unknown names unchanged', () => {
    expect(diallingCode('Japan')).toBe('81');
    expect(diallingCode('USA')).toBe('1');
    expect(diallingCode('UK')).toBe('44');
    expect(diallingCode('India')).toBe('91');
    expect(diallingCode('Atlantis')).toBe('Atlantis');
  });

  it('offers every country in alphabetical order, as written in the table (the browser sorts nothing)', () => {
    expect(COUNTRY_NAMES).toEqual(Object.keys(DIALLING_CODES).sort((a, b) => a.localeCompare(b)));
    expect(COUNTRY_NAMES.indexOf('UK')).toBeLessThan(COUNTRY_NAMES.indexOf('Ukraine'));
  });
});
