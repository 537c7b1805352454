import PDFDocument from 'pdfkit';
import { formatCount } from '../platform/text.ts';
import type { SessionState, Turn } from './events.ts';
import { MODE_TABLE } from './modes/table.ts';

/** The record of a meeting as blocks, written out as Markdown or laid out as a PDF. */
export type Block = { kind: 'title' | 'heading' | 'subheading' | 'minor' | 'text' | 'note'; text: string } | { kind: 'item'; text: string; /** Nesting, 0 at the top. */ depth?: number };

/** A field's label from its name, in sentence case (`earlyWarning` → "Early warning"). */
const label = (name: string) => {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A value with nothing to show (no value, an empty list): written "—", as the meeting's page shows it. */
const empty = (value: unknown) => value === null || value === undefined || (Array.isArray(value) && value.length === 0);

/** A structured answer as blocks: `Label: value` lines, and each value of a list an item (a nested one indented). */
function fieldBlocks(value: unknown, depth = 0): Block[] {
  if (value === null || value === undefined) return [];
  const prefix = '  '.repeat(depth);
  const line = (text: string): Block => ({ kind: 'text', text: `${prefix}${text}` });
  if (Array.isArray(value)) {
    return value.flatMap((v, i): Block[] => (typeof v === 'object' && v !== null ? [line(`${i + 1}.`), ...fieldBlocks(v, depth + 1)] : [{ kind: 'item', text: String(v), depth }]));
  }
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
      empty(v) ? [line(`${label(k)}: —`)] : typeof v === 'object' ? [line(`${label(k)}:`), ...fieldBlocks(v, depth + 1)] : [line(`${label(k)}: ${String(v)}`)],
    );
  }
  return [line(String(value))];
}

function turnBlocks(turn: Turn, many: boolean): Block[] {
  const blocks: Block[] = [{ kind: 'heading', text: many ? `Question ${turn.turn}` : 'Question' }, { kind: 'text', text: turn.question }];
  const asked = turn.turn > 1 ? ` · Asked ${turn.at.slice(0, 16).replace('T', ' ')} UTC` : '';
  blocks.push({ kind: 'note', text: `Mode: ${MODE_TABLE[turn.mode]?.label ?? turn.mode} · Rounds: ${turn.rounds}${asked}` });
  for (let round = 1; round <= turn.round; round++) {
    blocks.push({ kind: 'subheading', text: `Round ${round}` });
    for (const a of turn.answers.filter((x) => x.round === round)) {
      blocks.push({ kind: 'minor', text: a.name });
      if (a.status === 'answered') {
        if (a.json !== null && a.json !== undefined) blocks.push(...fieldBlocks(a.json));
        else blocks.push({ kind: 'text', text: a.text });
        if (a.sources.length) blocks.push({ kind: 'note', text: `Drew on: ${a.sources.map((s) => s.name).join(', ')}` });
      } else blocks.push({ kind: 'note', text: `No answer: ${a.reason ?? a.status}` });
    }
  }
  const s = turn.synthesis;
  if (s?.result) {
    const r = s.result;
    blocks.push({ kind: 'subheading', text: `Synthesis (chair: ${s.name})` }, { kind: 'text', text: r.summary });
    if (s.missing.length) blocks.push({ kind: 'note', text: `Missing from the meeting: ${s.missing.join(', ')}` });
    const list = (title: string, items: string[]) => (items.length ? [{ kind: 'minor', text: title } as Block, ...items.map((text): Block => ({ kind: 'item', text }))] : []);
    blocks.push(
      ...list('Consensus', r.consensus),
      ...list('Dissent', r.dissent.map((d) => (d.advisors.length ? `${d.point} (${d.advisors.join(', ')})` : d.point))),
      ...list('Decisions', r.decisions),
      ...list('Action items', r.actionItems.map((a) => [a.title, a.owner && `owner: ${a.owner}`, a.due && `due: ${a.due}`].filter(Boolean).join(' — '))),
      ...list('Risks', r.risks),
    );
  } else if (s) blocks.push({ kind: 'note', text: `No synthesis: ${s.reason ?? s.status}` });
  return blocks;
}

/** The whole meeting: every question, mode, round, answer, synthesis and action item, and the credits spent (when asked). */
export function sessionBlocks(state: SessionState, options: { credits: boolean }): Block[] {
  const first = state.turns[0];
  const blocks: Block[] = [{ kind: 'title', text: state.title ?? first?.question.slice(0, 120) ?? 'Board meeting' }];
  const facts = [`Held on ${first?.at.slice(0, 10) ?? ''}`];
  if (options.credits) facts.push(`Credits spent: ${formatCount(state.credits)}`);
  blocks.push({ kind: 'note', text: facts.join(' · ') });
  for (const turn of state.turns) blocks.push(...turnBlocks(turn, state.turns.length > 1));
  return blocks;
}

const MD: Record<Block['kind'], (text: string) => string> = {
  title: (t) => `# ${t}`,
  heading: (t) => `## ${t}`,
  subheading: (t) => `### ${t}`,
  minor: (t) => `#### ${t}`,
  text: (t) => t,
  item: (t) => `- ${t}`,
  note: (t) => `_${t}_`,
};

const depthOf = (b: Block) => (b.kind === 'item' ? (b.depth ?? 0) : 0);

export function toMarkdown(blocks: Block[]): string {
  return `${blocks.map((b) => '  '.repeat(depthOf(b)) + MD[b.kind](b.text)).join('\n\n')}\n`;
}

const PDF_STYLE: Record<Block['kind'], { size: number; font: string; gap: number }> = {
  title: { size: 20, font: 'Helvetica-Bold', gap: 0.6 },
  heading: { size: 15, font: 'Helvetica-Bold', gap: 0.5 },
  subheading: { size: 13, font: 'Helvetica-Bold', gap: 0.4 },
  minor: { size: 11, font: 'Helvetica-Bold', gap: 0.2 },
  text: { size: 10.5, font: 'Helvetica', gap: 0.4 },
  item: { size: 10.5, font: 'Helvetica', gap: 0.2 },
  note: { size: 9, font: 'Helvetica-Oblique', gap: 0.4 },
};

/** The same record as a PDF (pdfkit, its standard fonts: text outside Latin-1 may not show). */
export function toPdf(blocks: Block[], title: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title, Creator: 'Advisory board' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const b of blocks) {
    const style = PDF_STYLE[b.kind];
    doc.font(style.font).fontSize(style.size).text(b.kind === 'item' ? `•  ${b.text}` : b.text, { indent: b.kind === 'item' ? 8 + 14 * depthOf(b) : 0 });
    doc.moveDown(style.gap);
  }
  doc.end();
  return done;
}
