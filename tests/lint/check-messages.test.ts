/**
 * scripts/check-messages.mjs: on a copy of this repository's catalogs in a temporary folder, each broken in one way,
 * and on the repository itself, which must pass.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempTrees } from './temp-tree';
import { checkMessages } from '../../scripts/check-messages.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCRIPT = path.join(ROOT, 'scripts/check-messages.mjs');
const tree = tempTrees('check-messages-');

type Catalog = Record<string, string>;

/** This repository's locales and catalogs, with `change` applied to one catalog's messages. */
function copyWith(file: string, change: (catalog: Catalog) => void): string {
  const files: Record<string, string> = {
    'shared/i18n/locales.ts': readFileSync(path.join(ROOT, 'shared/i18n/locales.ts'), 'utf8'),
  };
  for (const family of readdirSync(path.join(ROOT, 'shared/i18n'), { withFileTypes: true })) {
    if (!family.isDirectory()) continue;
    for (const name of readdirSync(path.join(ROOT, 'shared/i18n', family.name))) {
      const relative = `shared/i18n/${family.name}/${name}`;
      const catalog = JSON.parse(readFileSync(path.join(ROOT, relative), 'utf8')) as Catalog;
      if (relative === file) change(catalog);
      files[relative] = JSON.stringify(catalog, null, 2);
    }
  }
  return tree(files);
}

describe('check-messages', () => {
  it('passes on this repository', () => {
    const { problems, catalogs } = checkMessages(ROOT);
    expect(problems).toEqual([]);
    expect(catalogs).toBeGreaterThanOrEqual(8);
  });

  it('fails with one Korean message removed, naming the catalog and the message', () => {
    const root = copyWith('shared/i18n/public/ko.json', (catalog) => delete catalog['track.heading']);
    expect(checkMessages(root).problems).toEqual(['shared/i18n/public/ko.json: "track.heading" is missing']);
    const run = spawnSync(process.execPath, [SCRIPT, root], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('shared/i18n/public/ko.json: "track.heading" is missing');
  });

  it('fails on a placeholder renamed, a plural dropped, a tag lost and a select case changed', () => {
    const root = copyWith('shared/i18n/mail/th.json', (catalog) => {
      catalog['refund.subject'] = 'การคืนเงินสำหรับคำสั่งซื้อ {order}';
      catalog['approved.enter'] = 'กรอกหมายเลขคำสั่งซื้อ {orderId}';
      catalog['invoice.serviceValue'] = '{mode, select, standard {ปกติ} other {{mode}}}';
    });
    const problems = checkMessages(root).problems;
    expect(problems).toEqual([
      'shared/i18n/mail/th.json: "approved.enter" differs from English: {orderId:plain} where English has {<b>, orderId:plain}',
      'shared/i18n/mail/th.json: "invoice.serviceValue" differs from English: {mode:cases(other,standard), mode:plain, mode:select} where English has {mode:cases(future,other,priority,standard), mode:plain, mode:select}',
      'shared/i18n/mail/th.json: "refund.subject" differs from English: {order:plain} where English has {orderId:plain}',
    ]);
    const plural = copyWith('shared/i18n/public/zh-Hans.json', (catalog) => {
      catalog['arrival.countdown'] = '还有 {days} 天。';
    });
    expect(checkMessages(plural).problems).toEqual([
      'shared/i18n/public/zh-Hans.json: "arrival.countdown" differs from English: {days:plain} where English has {days:plural}',
    ]);
  });

  it('lets a plural keep its own categories, and fails on a message English lacks or one that does not parse', () => {
    const root = copyWith('shared/i18n/public/ko.json', (catalog) => {
      catalog['arrival.countdown'] = '{days, plural, other {#일 남았습니다.}}';
      catalog['track.extra'] = '추가';
      catalog['track.intro'] = '{unclosed';
    });
    expect(checkMessages(root).problems).toEqual([
      expect.stringMatching(/^shared\/i18n\/public\/ko\.json: "track\.intro" does not parse: /),
      'shared/i18n/public/ko.json: "track.extra" is not in English',
    ]);
  });
});
