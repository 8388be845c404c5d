/**
 * scripts/check-comments.mjs: on small trees written to a temporary folder, and on this repository, which must pass.
 * Each failing case is a production comment carrying a figure or history; each passing one holds the same text where
 * it is not a production comment (a string, a regular expression, a test file).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempTrees } from './temp-tree';
import { checkComments, historyInComments } from '../../scripts/check-comments.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCRIPT = path.join(ROOT, 'scripts/check-comments.mjs');

const tree = tempTrees('check-comments-');

/** A clean production file: its comments state a rule and its reason, and its code holds text that looks like history. */
const CLEAN = `/**
 * Rows come a batch at a time, so memory holds one batch whatever the number of rows (docs/decisions/0024).
 */
export const label = 'issue 24: p95 120 -> 40 ms, seen failing';
export const figure = /p50|\\d -> \\d+ ms/;
export const template = \`issue \${24}\`;
`;

describe('check-comments', () => {
  it('fails on a figure in a comment, naming the file and the line', () => {
    const root = tree({
      'server/clean.ts': CLEAN,
      'server/features/x/x.service.ts':
        'export const a = 1;\n\n// Pages come faster: p95 120 -> 40 ms.\nexport const b = 2;\n',
    });
    expect(checkComments(root).problems).toEqual([
      'server/features/x/x.service.ts:3: "p95" in a comment is a measured percentile: figures go in docs/performance/runs/ and commit messages.',
    ]);

    const run = spawnSync(process.execPath, [SCRIPT, root], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('server/features/x/x.service.ts:3:');
  });

  it('finds issue numbers, before-and-after figures and "seen failing" in every kind of production comment', () => {
    expect(
      historyInComments('web/src/a.tsx', 'export const A = () => (\n  <div>{/* Issue 26: one line */}</div>\n);\n'),
    ).toEqual([
      'web/src/a.tsx:2: "Issue 26" in a comment is an issue number: say what must stay true and why, or cite the decision record (docs/decisions/NNNN-...).',
    ]);
    expect(historyInComments('shared/a.ts', '/**\n * Smaller:\n * 48 -> 12 KB.\n */\nexport {};\n')).toHaveLength(1);
    expect(historyInComments('shared/a.ts', 'export const x = 1; // seen failing in CI\n')).toHaveLength(1);
    expect(historyInComments('web/src/a.css', '/* 3x faster than before */\n.a { color: red; }\n')).toHaveLength(1);
    expect(historyInComments('server/db/migrations/0001_a.sql', "-- Issue 3: counts\nselect '-- issue 4';\n")).toEqual([
      'server/db/migrations/0001_a.sql:1: "Issue 3" in a comment is an issue number: say what must stay true and why, or cite the decision record (docs/decisions/NNNN-...).',
    ]);
  });

  it('passes a clean tree, and leaves tests, test helpers and code outside the production roots alone', () => {
    const history = '// issue 24: p95 120 -> 40 ms, seen failing\nexport {};\n';
    const root = tree({
      'server/clean.ts': CLEAN,
      'server/features/x/x.test.ts': history,
      'server/test/helper.ts': history,
      'web/test/setup.ts': history,
      'bench/run.ts': history,
      'scripts/tool.mjs': history,
    });
    expect(checkComments(root).problems).toEqual([]);
    const run = spawnSync(process.execPath, [SCRIPT, root], { encoding: 'utf8' });
    expect(run.status).toBe(0);
  });

  // Parses every production file: seconds on a busy two-core machine, more than Vitest's default 5 s.
  it('passes this repository', () => {
    expect(checkComments(ROOT).problems).toEqual([]);
  }, 60_000);
});
