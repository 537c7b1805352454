import { Tiktoken } from 'js-tiktoken/lite';
import cl100k from 'js-tiktoken/ranks/cl100k_base';
import o200k from 'js-tiktoken/ranks/o200k_base';
import { describe, expect, it } from 'vitest';
import { MEETING_MODES, MODE_TABLE, SYNTHESIS } from './table.ts';
import { SAMPLE_ANSWERS } from './samples.ts';

const tokenizers = [new Tiktoken(cl100k), new Tiktoken(o200k)];
const measured = (text: string) => Math.max(...tokenizers.map((t) => t.encode(text).length));

/** Every object of a strict shape lists all its properties as required and closes itself. */
function strictEverywhere(shape: unknown): boolean {
  if (!shape || typeof shape !== 'object') return true;
  const s = shape as Record<string, unknown>;
  if (s.type === 'object') {
    const keys = Object.keys(s.properties as object);
    if (s.additionalProperties !== false || JSON.stringify([...(s.required as string[])].sort()) !== JSON.stringify([...keys].sort())) return false;
  }
  return Object.values(s).every(strictEverywhere);
}

describe('meeting modes', () => {
  it('each output limit covers the longest answer its mode asks for, with a margin, and is not far above it', () => {
    const limits = { ...Object.fromEntries(MEETING_MODES.map((m) => [m, MODE_TABLE[m].maxOutputTokens])), synthesis: SYNTHESIS.maxOutputTokens };
    for (const [mode, limit] of Object.entries(limits)) {
      const tokens = measured(SAMPLE_ANSWERS[mode]);
      expect(limit, mode).toBeGreaterThanOrEqual(Math.ceil(tokens * 1.25));
      expect(limit, mode).toBeLessThanOrEqual(tokens * 2);
    }
  });

  it('the samples are as long as each mode asks (within a tenth)', () => {
    for (const mode of MEETING_MODES) {
      const words = SAMPLE_ANSWERS[mode].split(/\s+/).length;
      expect(words, mode).toBeGreaterThanOrEqual(MODE_TABLE[mode].words * 0.9);
    }
  });

  it('every mode has its own prompt for round 1 and for answering the others, and a strict shape or text', () => {
    const templates = new Set(MEETING_MODES.map((m) => MODE_TABLE[m].template));
    expect(templates.size).toBe(MEETING_MODES.length);
    for (const mode of MEETING_MODES) {
      expect(MODE_TABLE[mode].respond.length, mode).toBeGreaterThan(20);
      expect(strictEverywhere(MODE_TABLE[mode].shape), mode).toBe(true);
    }
    expect(strictEverywhere(SYNTHESIS.shape)).toBe(true);
    expect(MODE_TABLE.pitch_review.shape).toMatchObject({ properties: { scores: { items: { properties: { score: { type: 'integer' } } } } } });
  });
});
