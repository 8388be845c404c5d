/**
 * The font every generated PDF (invoices, defence packs) draws with: DejaVu Sans, regular and bold,
 * embedded (pdfkit keeps only the glyphs a document uses, ~20 kB). pdfkit's built-in Helvetica encodes
 * Latin-1 only, so a customer named "Łukasz Dvořák" or "Ольга" came out wrong or as "?"; DejaVu Sans
 * covers the Latin, Greek and Cyrillic scripts, Vietnamese included. A character it has no glyph for
 * (Japanese, Chinese: passports print names in Latin letters) becomes "?", not an empty box.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

export const PDF_FONT = 'DejaVuSans';
export const PDF_FONT_BOLD = 'DejaVuSans-Bold';

type Doc = PDFKit.PDFDocument;

const packageFile = createRequire(import.meta.url);
let loaded: { regular: Buffer; bold: Buffer; hasGlyph: (codePoint: number) => boolean } | undefined;

/** Read once per process: the two files are ~1.5 MB. */
function fonts() {
  if (!loaded) {
    const read = (file: string) => readFileSync(packageFile.resolve(`dejavu-fonts-ttf/ttf/${file}`));
    const regular = read('DejaVuSans.ttf');
    const face = fontkit.create(regular) as fontkit.Font;
    loaded = { regular, bold: read('DejaVuSans-Bold.ttf'), hasGlyph: (codePoint) => face.hasGlyphForCodePoint(codePoint) };
  }
  return loaded;
}

/** Registers PDF_FONT and PDF_FONT_BOLD on a new document and selects the regular face. */
export function usePdfFonts(doc: Doc): Doc {
  const { regular, bold } = fonts();
  return doc.registerFont(PDF_FONT, regular).registerFont(PDF_FONT_BOLD, bold).font(PDF_FONT);
}

/** `text` with every character the font cannot draw replaced by "?" (line breaks kept). */
export function printable(text: string): string {
  const { hasGlyph } = fonts();
  let out = '';
  for (const char of text) out += char === '\n' || hasGlyph(char.codePointAt(0)!) ? char : '?';
  return out;
}
