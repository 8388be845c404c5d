/**
 * scripts/check-docs.mjs: on small trees written to a temporary folder, where each case breaks one rule, and on this
 * repository, which must pass. One case runs it as `npm run check` does, as a command whose exit code fails the check.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempTrees } from './temp-tree';
import { checkDocs } from '../../scripts/check-docs.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCRIPT = path.join(ROOT, 'scripts/check-docs.mjs');

/** The problems as the command prints them, one a line. */
const problemsOf = (root: string) => checkDocs(root).problems.join('\n');

const record = (title: string, status = 'Accepted.') =>
  `# ${title}\n\n## Status\n\n${status}\n\n## Context\n\nWhy.\n\n## Decision\n\nWhat.\n\n## Consequences\n\nThen.\n`;

/** A tree that passes: two records (one superseding the other), the two maps, a run, and code that cites them. */
const GOOD: Record<string, string> = {
  'docs/decisions/0001-first.md': record('0001 First', 'Superseded by [0002](0002-second.md).'),
  'docs/decisions/0002-second.md': record('0002 Second', 'Accepted. Supersedes [0001](0001-first.md).'),
  'docs/performance.md':
    '# Performance\n\n<a id="goals"></a>\n## Goals\n\nRuns: [2026-11-29](performance/runs/a-run.md).\n',
  'docs/performance/runs/a-run.md': '# A run\n\nHow it was measured: [method](../../performance.md#goals).\n',
  'docs/ARCHITECTURE.md': '# Architecture\n\n## The layers\n\nWhy: decision 0002, [the goals](performance.md#goals).\n',
  'server/a.ts':
    '// The goals (docs/performance.md#goals; docs/decisions/0001, decisions 0001 and 0002).\n' +
    "export const key = 'docs/1/abc/100001_file1.pdf'; // a storage key, not a citation\n",
};

const tree = tempTrees('check-docs-');

describe('scripts/check-docs.mjs', () => {
  it('passes a tree whose records, maps and citations are in order', () => {
    expect(checkDocs(tree(GOOD))).toEqual({
      problems: [],
      summary: '2 decision records, performance.md 6 lines, ARCHITECTURE.md 5 lines, 10 citations checked',
    });
  });

  it('as a command, exits 1 and prints each problem, 0 and a summary when there is none', () => {
    const run = (root: string) => spawnSync(process.execPath, [SCRIPT, root], { encoding: 'utf8' });
    const bad = run(tree({ ...GOOD, 'docs/decisions/0003-notes.md': '# 0003 Notes\n\nWe chose this.\n' }));
    expect(bad.stderr).toContain('docs/decisions/0003-notes.md: a decision record has exactly the sections');
    expect(bad.stderr).toContain('check-docs: 1 problem (3 decision records,');
    expect(bad.status).toBe(1);
    const good = run(tree(GOOD));
    expect(good.stdout).toContain('check-docs: 2 decision records');
    expect(good.status).toBe(0);
  }, 30_000);

  it('fails on a decision record without the four headings, and on a status of another form', () => {
    const output = problemsOf(
      tree({
        ...GOOD,
        'docs/decisions/0003-notes.md': '# 0003 Notes\n\n## Why\n\nBecause.\n\n## What\n\nThis.\n',
        'docs/decisions/0004-maybe.md': record('0004 Maybe', 'Proposed.'),
      }),
    );
    expect(output).toContain(
      'docs/decisions/0003-notes.md: a decision record has exactly the sections "## Status", "## Context", ' +
        '"## Decision", "## Consequences", in that order; this one has missing "## Status", "## Context", ' +
        '"## Decision", "## Consequences"',
    );
    expect(output).toContain('docs/decisions/0004-maybe.md: its status must start with "Accepted"');
  });

  it('fails on a record superseded by one that does not say so', () => {
    const output = problemsOf(tree({ ...GOOD, 'docs/decisions/0002-second.md': record('0002 Second') }));
    expect(output).toContain('docs/decisions/0001-first.md: its status says it is superseded or withdrawn by 0002');
  });

  it('fails on a map over 300 lines', () => {
    const long = `# Performance\n\n<a id="goals"></a>\n${'A dated run.\n'.repeat(300)}`;
    const output = problemsOf(tree({ ...GOOD, 'docs/performance.md': long }));
    expect(output).toContain('docs/performance.md: 303 lines, over the 300 a map may have');
  });

  it('fails on a dead citation in a code comment or a doc, and names where it is', () => {
    const output = problemsOf(
      tree({
        ...GOOD,
        'server/b.ts': '/**\n * Measured in docs/performance.md#no-such-run.\n */\nexport const b = 1;\n',
        'web/src/c.tsx': 'export const C = () => <p>{/* see docs/nowhere.md */}</p>;\n',
        'tests/d.test.ts': '// product: orders.md#moves\n',
        'docs/ARCHITECTURE.md': '# Architecture\n\nSee [the runs](performance/runs/gone.md) and decision 0009.\n',
      }),
    );
    expect(output).toContain(
      'server/b.ts:2: docs/performance.md#no-such-run (no anchor #no-such-run in docs/performance.md)',
    );
    expect(output).toContain('web/src/c.tsx:1: docs/nowhere.md (no file docs/nowhere.md)');
    expect(output).toContain('tests/d.test.ts:1: product: orders.md#moves (no file docs/product/orders.md)');
    expect(output).toContain(
      'docs/ARCHITECTURE.md:3: (performance/runs/gone.md) (no file docs/performance/runs/gone.md)',
    );
    expect(output).toContain('docs/ARCHITECTURE.md:3: decision 0009 (no record docs/decisions/0009-*.md)');
    // The storage key in server/a.ts is a string, not a comment.
    expect(output).not.toContain('docs/1/');
  });

  it('passes on this repository', () => {
    expect(checkDocs(ROOT).problems).toEqual([]);
  }, 60_000);
});
