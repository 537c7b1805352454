import { describe, expect, it } from 'vitest';
import type { SessionState } from './events.ts';
import { sessionBlocks, toMarkdown } from './export.ts';

/** A meeting of one question, one round, one advisor answering with structured fields. */
const meeting = (json: unknown) =>
  ({
    title: null,
    credits: 4,
    turns: [
      {
        turn: 1,
        question: 'Open a second shop?',
        at: '2026-11-29T10:00:00.000Z',
        mode: 'boardroom',
        rounds: 1,
        round: 1,
        answers: [{ round: 1, name: 'Finance Advisor', status: 'answered', json, text: '', sources: [] }],
        synthesis: null,
      },
    ],
  }) as unknown as SessionState;

describe('a meeting written out', () => {
  it("lays each value of an answer's lists out as an item (a bullet in the PDF), nested ones a level in", () => {
    const blocks = sessionBlocks(meeting({ summary: 'Wait a year.', nextSteps: ['Save cash', 'Test a pop-up'], risks: [{ risk: 'Rent', owners: ['Ana'] }] }), { credits: false });
    const answer = blocks.slice(blocks.findIndex((b) => b.text === 'Finance Advisor') + 1);
    expect(answer).toEqual([
      { kind: 'text', text: 'Summary: Wait a year.' },
      { kind: 'text', text: 'Next steps:' },
      { kind: 'item', text: 'Save cash', depth: 1 },
      { kind: 'item', text: 'Test a pop-up', depth: 1 },
      { kind: 'text', text: 'Risks:' },
      { kind: 'text', text: '  1.' },
      { kind: 'text', text: '    Risk: Rent' },
      { kind: 'text', text: '    Owners:' },
      { kind: 'item', text: 'Ana', depth: 3 },
    ]);
    const md = toMarkdown(answer);
    expect(md).toContain('Next steps:\n\n  - Save cash\n\n  - Test a pop-up');
    expect(md).toContain('    Owners:\n\n      - Ana');
  });

  it('says when each follow-up was asked (the first question\'s day heads the record)', () => {
    const state = meeting({ summary: 'Wait.' });
    state.turns.push({ ...state.turns[0], turn: 2, question: 'And a third?', at: '2026-11-30T08:05:09.000Z' });
    const notes = sessionBlocks(state, { credits: true }).filter((b) => b.kind === 'note').map((b) => b.text);
    expect(notes).toEqual(['Held on 2026-11-29 · Credits spent: 4', 'Mode: Boardroom · Rounds: 1', 'Mode: Boardroom · Rounds: 1 · Asked 2026-11-30 08:05 UTC']);
  });

  it('writes the credits spent as the pages write numbers', () => {
    const notes = sessionBlocks({ ...meeting({ summary: 'Wait.' }), credits: 1250 }, { credits: true }).filter((b) => b.kind === 'note');
    expect(notes[0].text).toBe('Held on 2026-11-29 · Credits spent: 1,250');
  });
  it("names the dissenting advisors after a point of dissent, and writes a point the model named no one for alone", () => {
    const state = meeting({ summary: 'Wait.' });
    const result = { summary: 'Split.', consensus: [], dissent: [{ point: 'Prices', advisors: ['Ana', 'Ben'] }, { point: 'Timing', advisors: [] }], decisions: [], actionItems: [], risks: [] };
    state.turns[0].synthesis = { name: 'Finance Advisor', result, missing: [], status: 'written' } as unknown as SessionState['turns'][number]['synthesis'];
    const blocks = sessionBlocks(state, { credits: false });
    const dissent = blocks.slice(blocks.findIndex((b) => b.text === 'Dissent') + 1, blocks.findIndex((b) => b.text === 'Dissent') + 3);
    expect(dissent).toEqual([
      { kind: 'item', text: 'Prices (Ana, Ben)' },
      { kind: 'item', text: 'Timing' },
    ]);
  });
  it('writes a field with nothing in it (no value, an empty list) as "—", as the page shows it', () => {
    const blocks = sessionBlocks(meeting({ summary: 'Wait.', owner: null, risks: [] }), { credits: false });
    const answer = blocks.slice(blocks.findIndex((b) => b.text === 'Finance Advisor') + 1);
    expect(answer).toEqual([
      { kind: 'text', text: 'Summary: Wait.' },
      { kind: 'text', text: 'Owner: —' },
      { kind: 'text', text: 'Risks: —' },
    ]);
  });
});
