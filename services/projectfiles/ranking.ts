/**
 * Which passages of a project's files the board is given: the files are cut into chunks of about
 * CHUNK_CHARS (at paragraph, then sentence, boundaries) and ranked by BM25 against the question;
 * the best are taken up to a fixed budget, never a whole file blindly.
 */
export const CHUNK_CHARS = 1200;
export const MAX_PASSAGES = 4;
export const MAX_PASSAGE_CHARS = 4 * CHUNK_CHARS;

const STOP = new Set(
  'a an and are as at be but by can could do does for from has have how i if in into is it its may me my no not of on or our should so than that the their them then there these they this to was we what when where which who why will with would you your'.split(' '),
);

export function terms(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((t) => t.length > 1 && !STOP.has(t));
}

function pieces(paragraph: string, size: number): string[] {
  if (paragraph.length <= size) return [paragraph];
  const sentences = paragraph.match(/[^.!?\n]+[.!?]*\s*/g) ?? [paragraph];
  const out: string[] = [];
  let current = '';
  for (const s of sentences) {
    for (let part = s; part.length > 0; part = part.slice(size)) {
      const bit = part.slice(0, size);
      if (current.length + bit.length > size && current) {
        out.push(current.trim());
        current = '';
      }
      current += bit;
    }
  }
  if (current.trim()) out.push(current.trim());
  return out;
}

/** Chunks of at most `size` characters, paragraphs kept together where they fit. */
export function chunkText(text: string, size = CHUNK_CHARS): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const paragraph of text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean)) {
    for (const piece of pieces(paragraph, size)) {
      if (current && current.length + piece.length + 2 > size) {
        chunks.push(current);
        current = '';
      }
      current = current ? `${current}\n\n${piece}` : piece;
    }
  }
  if (current) chunks.push(current);
  return chunks;
}

/** BM25 (k1 1.2, b 0.75) of each document for the query; 0 for a document sharing no term with it. */
export function bm25(query: string, documents: string[], k1 = 1.2, b = 0.75): number[] {
  const q = [...new Set(terms(query))];
  const docs = documents.map((d) => terms(d));
  const n = docs.length;
  if (n === 0 || q.length === 0) return documents.map(() => 0);
  const avg = docs.reduce((s, d) => s + d.length, 0) / n || 1;
  const df = new Map(q.map((t) => [t, docs.filter((d) => d.includes(t)).length]));
  return docs.map((d) => {
    const tf = new Map<string, number>();
    for (const t of d) tf.set(t, (tf.get(t) ?? 0) + 1);
    return q.reduce((score, t) => {
      const f = tf.get(t) ?? 0;
      if (f === 0) return score;
      const idf = Math.log(1 + (n - df.get(t)! + 0.5) / (df.get(t)! + 0.5));
      return score + (idf * f * (k1 + 1)) / (f + k1 * (1 - b + (b * d.length) / avg));
    }, 0);
  });
}

export interface Chunk {
  fileId: string;
  name: string;
  ord: number;
  text: string;
}

/** The best chunks for the question (any score above 0), most relevant first, within the budget. */
export function bestChunks(question: string, chunks: Chunk[], max = MAX_PASSAGES, budget = MAX_PASSAGE_CHARS): Chunk[] {
  const scores = bm25(question, chunks.map((c) => c.text));
  const ranked = chunks.map((c, i) => ({ c, s: scores[i] })).filter((x) => x.s > 0).sort((x, y) => y.s - x.s);
  const chosen: Chunk[] = [];
  let used = 0;
  for (const { c } of ranked) {
    if (chosen.length >= max || used + c.text.length > budget) break;
    chosen.push(c);
    used += c.text.length;
  }
  return chosen;
}
