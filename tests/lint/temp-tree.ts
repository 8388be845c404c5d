/**
 * Small trees of files in temporary folders, for the checks' tests: `tree({ 'a/b.ts': text })` writes one and answers
 * its root; every tree of a test is removed after it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

export function tempTrees(prefix: string): (files: Record<string, string>) => string {
  let dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    dirs = [];
  });
  return (files) => {
    const root = mkdtempSync(path.join(tmpdir(), prefix));
    dirs.push(root);
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    return root;
  };
}
