/**
 * Files the page hands to the browser to save (a blob behind a link with `download`), kept for the test to read:
 * jsdom neither makes object URLs nor follows a link. Call in a test; what it replaces is restored after it.
 */
import { onTestFinished, vi } from 'vitest';

type ObjectUrls = Pick<typeof URL, 'createObjectURL' | 'revokeObjectURL'>;
const jsdomUrls: Partial<ObjectUrls> = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };

export interface SavedFile {
  filename: string;
  blob: Blob;
}

export function captureDownloads(): SavedFile[] {
  const saved: SavedFile[] = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:http://localhost/${++next}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  const follow = HTMLAnchorElement.prototype.click;
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function save(
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.href);
    if (this.download && blob) saved.push({ filename: this.download, blob });
    else follow.call(this);
  });
  // Restored when the test ends (a hook of the calling test: the web project's files share this module).
  onTestFinished(() => {
    click.mockRestore();
    Object.assign(URL, jsdomUrls);
  });
  return saved;
}

/** A saved file's bytes (jsdom's Blob has no arrayBuffer()). */
export function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(blob);
  });
}

/** A saved file's text, as UTF-8 (a byte-order mark kept). */
export const textOf = async (blob: Blob) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(await bytesOf(blob));
