/**
 * The font every generated PDF (invoices, defence packs) draws with: DejaVu Sans, regular and bold,
 * embedded (pdfkit keeps only the glyphs a document uses). pdfkit's built-in Helvetica encodes
 * Latin-1 only, so a customer named "Łukasz Dvořák" or "Ольга" would come out wrong or as "?"; DejaVu Sans
 * covers the Latin, Greek and Cyrillic scripts, Vietnamese included. A character it has no glyph for
 * (Japanese, Chinese: passports print names in Latin letters) becomes "?", not an empty box.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export const PDF_FONT = 'DejaVuSans';
export const PDF_FONT_BOLD = 'DejaVuSans-Bold';

type Doc = PDFKit.PDFDocument;

const packageFile = createRequire(import.meta.url);
interface Loaded {
  PDFDocument: typeof import('pdfkit');
  regular: Buffer;
  bold: Buffer;
  hasGlyph: (codePoint: number) => boolean;
}
let loading: Promise<Loaded> | undefined;
let loaded: Loaded | undefined;

/**
 * pdfkit, fontkit and the two font files, loaded once, at the first PDF a process makes: they are a large part of
 * what a start-up would read, for documents most restarts never draw.
 */
function load(): Promise<Loaded> {
  loading ??= (async () => {
    const [{ default: PDFDocument }, fontkit] = await Promise.all([import('pdfkit'), import('fontkit')]);
    const read = (file: string) => readFileSync(packageFile.resolve(`dejavu-fonts-ttf/ttf/${file}`));
    const regular = read('DejaVuSans.ttf');
    const face = fontkit.create(regular) as import('fontkit').Font;
    loaded = {
      PDFDocument,
      regular,
      bold: read('DejaVuSans-Bold.ttf'),
      hasGlyph: (codePoint) => face.hasGlyphForCodePoint(codePoint),
    };
    return loaded;
  })();
  return loading;
}

function fonts(): Loaded {
  if (!loaded) throw new Error('printable() before newPdfDocument(): the font is not loaded yet.');
  return loaded;
}

/** A new PDF document with PDF_FONT and PDF_FONT_BOLD registered and the regular face selected. */
export async function newPdfDocument(options: PDFKit.PDFDocumentOptions): Promise<Doc> {
  const { PDFDocument, regular, bold } = await load();
  return new PDFDocument(options).registerFont(PDF_FONT, regular).registerFont(PDF_FONT_BOLD, bold).font(PDF_FONT);
}

/** `text` with every character the font cannot draw replaced by "?" (line breaks kept); after newPdfDocument(). */
export function printable(text: string): string {
  const { hasGlyph } = fonts();
  let out = '';
  for (const char of text) out += char === '\n' || hasGlyph(char.codePointAt(0)!) ? char : '?';
  return out;
}
