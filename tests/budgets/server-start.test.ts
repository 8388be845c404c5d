/**
 * What the built server loads before it answers: the libraries of an export, a seeding, a mail or a PDF are imported
 * where they are first used, not with the server, so a restart answers sooner (docs/decisions/0028). The server is
 * bundled with the build's own options (scripts/build.mjs SERVER_BUNDLE), and esbuild's metafile says how each
 * package is imported.
 */
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVER_BUNDLE } from '../../scripts/build.mjs';

const LOADED_ON_FIRST_USE = [
  'archiver',
  '@faker-js/faker',
  'nodemailer',
  'nodemailer/lib/mail-composer',
  'pdfkit',
  '@aws-sdk/client-sesv2',
  '@aws-sdk/client-s3',
];

let imports: { path: string; kind: string }[] = [];

beforeAll(async () => {
  const result = await build({ ...SERVER_BUNDLE, write: false, metafile: true, logLevel: 'silent' });
  imports = Object.values(result.metafile!.outputs).flatMap((output) => output.imports);
}, 60_000);

describe('the built server at start', () => {
  it('imports the libraries of exports, seeding, mail and PDFs only where they are first used', () => {
    const atStart = imports.filter((i) => i.kind === 'import-statement').map((i) => i.path);
    const onFirstUse = imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path);
    expect(atStart).toContain('fastify'); // the check reads the real imports
    expect(atStart.filter((p) => LOADED_ON_FIRST_USE.includes(p))).toEqual([]);
    expect(LOADED_ON_FIRST_USE.filter((p) => !onFirstUse.includes(p))).toEqual([]);
  });
});
