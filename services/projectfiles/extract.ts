import { extractText, getDocumentProxy } from 'unpdf';
import { DomainError } from '../platform/errors.ts';

export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const FILE_TYPES: Record<string, string> = { '.txt': 'text/plain', '.md': 'text/markdown', '.csv': 'text/csv', '.pdf': 'application/pdf' };

export class UnsupportedFileType extends DomainError {
  constructor(name: string) {
    super(415, 'unsupported_file_type', `${name}: only .txt, .md, .csv and .pdf files can be given to the board`, { error: 'unsupported_file_type' });
  }
}

export class NoTextInFile extends DomainError {
  constructor(name: string, why = 'it has no text the board could read (a scanned PDF holds only pictures)') {
    super(422, 'no_text', `${name}: ${why}`, { error: 'no_text' });
  }
}

export const extensionOf = (name: string) => (/\.[A-Za-z0-9]+$/.exec(name)?.[0] ?? '').toLowerCase();

/** The file's text: a PDF's through unpdf (pdf.js), page by page; a text file decoded as UTF-8. */
export async function extractFileText(name: string, bytes: Buffer): Promise<{ text: string; pages: number | null; mediaType: string }> {
  const ext = extensionOf(name);
  const mediaType = FILE_TYPES[ext];
  if (!mediaType) throw new UnsupportedFileType(name);
  if (ext !== '.pdf') {
    const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/\u0000/g, '').trim();
    if (!text) throw new NoTextInFile(name, 'it is empty');
    return { text, pages: null, mediaType };
  }
  let pages: string[];
  let total: number;
  try {
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const extracted = await extractText(pdf, { mergePages: false });
    pages = extracted.text;
    total = extracted.totalPages;
  } catch {
    throw new NoTextInFile(name, 'it is not a PDF the board can read');
  }
  const text = pages.map((p) => p.replace(/\u0000/g, '').trim()).filter(Boolean).join('\n\n');
  if (!text) throw new NoTextInFile(name);
  return { text, pages: total, mediaType };
}
