#!/usr/bin/env node
/**
 * Draws the page's icon, web/src/components/app-icon.png (32 x 32), from the logo, web/src/components/app-logo.svg,
 * with Debian's Chromium (the browser the tests drive). Run it again when the logo changes, and commit the PNG.
 *
 * Why a PNG and not the SVG itself: Chromium fetches a page's icon again after every in-app navigation (each click
 * from a queue to another, or to an order), and an SVG icon is parsed as a document of its own each time, a few
 * milliseconds of the main thread between React's commit and the paint a person waits for (issue 27,
 * docs/performance.md). A 32-pixel PNG decodes in microseconds.
 *
 *   node scripts/app-icon.mjs
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const components = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'web', 'src', 'components');
const SIZE = 32;

const svg = readFileSync(path.join(components, 'app-logo.svg')).toString('base64');
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE }, deviceScaleFactor: 1 });
  await page.setContent(
    `<style>html, body { margin: 0; background: transparent }</style>` +
      `<img src="data:image/svg+xml;base64,${svg}" width="${SIZE}" height="${SIZE}" style="display: block">`,
  );
  await page.locator('img').evaluate((img) => img.decode());
  writeFileSync(path.join(components, 'app-icon.png'), await page.screenshot({ omitBackground: true }));
} finally {
  await browser.close();
}
console.log(`Wrote web/src/components/app-icon.png (${SIZE} x ${SIZE}).`);
