#!/usr/bin/env node
/**
 * The message catalogs (docs/product/languages.md#catalogs) held to the English ones. Part of `npm run check`:
 *
 *   node scripts/check-messages.mjs            # this repository
 *   node scripts/check-messages.mjs <folder>   # another tree laid out the same way (the unit test's)
 *
 * For each family of catalogs (`shared/i18n/<family>/`) and each language of `LOCALES` (shared/i18n/locales.ts), it
 * fails, naming catalog and message, on a catalog that is missing, a message that does not parse, a message of
 * English that the catalog lacks or one English does not have, and a message whose structure differs from
 * English's: its placeholders and their kinds (plain, number, date, time, plural, select), its tags, and a select's
 * cases. A plural's categories may differ: languages have their own (Korean, Chinese and Thai only `other`).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';

const REFERENCE = 'en';

/** The languages named by `LOCALES` in shared/i18n/locales.ts. */
export function localesOf(root) {
  const source = readFileSync(path.join(root, 'shared/i18n/locales.ts'), 'utf8');
  const list = /export const LOCALES = \[([^\]]*)\]/.exec(source);
  if (!list) throw new Error('shared/i18n/locales.ts: no `export const LOCALES = [...]`');
  return [...list[1].matchAll(/'([^']+)'/g)].map((m) => m[1]);
}

const KINDS = {
  [TYPE.argument]: 'plain',
  [TYPE.number]: 'number',
  [TYPE.date]: 'date',
  [TYPE.time]: 'time',
  [TYPE.select]: 'select',
  [TYPE.plural]: 'plural',
};

/** What a message must share with English: `name:kind` of each placeholder, `<tag>` of each tag, a select's cases. */
export function structureOf(elements, into = new Set()) {
  for (const element of elements) {
    if (element.type === TYPE.tag) {
      into.add(`<${element.value}>`);
      structureOf(element.children, into);
    } else if (element.type in KINDS) {
      const kind =
        element.type === TYPE.plural && element.pluralType === 'ordinal' ? 'selectordinal' : KINDS[element.type];
      into.add(`${element.value}:${kind}`);
      if (element.type === TYPE.select)
        into.add(`${element.value}:cases(${Object.keys(element.options).sort().join(',')})`);
      for (const option of Object.values(element.options ?? {})) structureOf(option.value, into);
    }
  }
  return into;
}

function readCatalog(file) {
  const catalog = JSON.parse(readFileSync(file, 'utf8'));
  if (!catalog || typeof catalog !== 'object' || Array.isArray(catalog)) throw new Error('not an object of messages');
  return catalog;
}

/** Each message's structure, or a problem for each message that does not parse. */
function structures(label, catalog, problems) {
  const found = new Map();
  for (const [id, message] of Object.entries(catalog)) {
    try {
      if (typeof message !== 'string') throw new Error('not a string');
      found.set(id, [...structureOf(parse(message))].sort());
    } catch (error) {
      problems.push(`${label}: "${id}" does not parse: ${error.message}`);
    }
  }
  return found;
}

/** Every problem of the tree's catalogs, and how many catalogs and messages were read. */
export function checkMessages(root) {
  const problems = [];
  const locales = localesOf(root);
  const base = path.join(root, 'shared/i18n');
  const families = readdirSync(base).filter((name) => statSync(path.join(base, name)).isDirectory());
  let catalogs = 0;
  let messages = 0;
  for (const family of families) {
    const label = (locale) => `shared/i18n/${family}/${locale}.json`;
    const file = (locale) => path.join(base, family, `${locale}.json`);
    if (!existsSync(file(REFERENCE))) {
      problems.push(`${label(REFERENCE)}: missing (the reference of its family)`);
      continue;
    }
    const englishCatalog = readCatalog(file(REFERENCE));
    const english = structures(label(REFERENCE), englishCatalog, problems);
    for (const locale of locales.filter((l) => l !== REFERENCE)) {
      if (!existsSync(file(locale))) {
        problems.push(`${label(locale)}: missing`);
        continue;
      }
      const catalog = readCatalog(file(locale));
      const own = structures(label(locale), catalog, problems);
      catalogs += 1;
      messages += Object.keys(catalog).length;
      for (const id of Object.keys(englishCatalog))
        if (!Object.hasOwn(catalog, id)) problems.push(`${label(locale)}: "${id}" is missing`);
      for (const [id, shape] of english) {
        if (own.has(id) && own.get(id).join(' ') !== shape.join(' '))
          problems.push(
            `${label(locale)}: "${id}" differs from English: {${own.get(id).join(', ')}} where English has {${shape.join(', ')}}`,
          );
      }
      for (const id of Object.keys(catalog))
        if (!Object.hasOwn(englishCatalog, id)) problems.push(`${label(locale)}: "${id}" is not in English`);
    }
    for (const file of readdirSync(path.join(base, family))) {
      const locale = file.replace(/\.json$/, '');
      if (!locales.includes(locale)) problems.push(`shared/i18n/${family}/${file}: not a language of LOCALES`);
    }
  }
  return { problems, catalogs, messages };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const { problems, catalogs, messages } = checkMessages(root);
  for (const problem of problems) console.error(problem);
  console.log(
    `check-messages: ${problems.length ? `${problems.length} problem(s)` : 'every catalog holds English'} (${catalogs} catalogs, ${messages} messages checked against English).`,
  );
  if (problems.length) process.exit(1);
}
