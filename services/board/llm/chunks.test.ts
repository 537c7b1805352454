import { describe, expect, it } from 'vitest';
import { emptyRound, finishRound, foldChunk, MalformedChunk, type Round } from './chunks.ts';

const fold = (...chunks: unknown[]): Round => chunks.reduce<Round>((round, chunk) => foldChunk(round, chunk).round, emptyRound());
const text = (content: string, finish: string | null = null) => ({ model: 'm-1', choices: [{ index: 0, delta: { content }, finish_reason: finish }] });

describe('foldChunk', () => {
  it('joins the text, hands back each chunk’s new text, and keeps the usage of the final chunk', () => {
    const first = foldChunk(emptyRound(), { model: 'gpt-x', choices: [{ index: 0, delta: { role: 'assistant', content: 'Hel' } }] });
    expect(first.delta).toBe('Hel');
    const round = fold(
      text('Hel'),
      text('lo', 'stop'),
      { model: 'm-2024', choices: [], usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 } },
    );
    expect(round).toEqual({ text: 'Hello', toolCalls: [], finishReason: 'stop', model: 'm-2024', usage: { tokensIn: 12, tokensOut: 3 } });
  });

  it('assembles function calls from pieces spread over chunks, by index', () => {
    const round = fold(
      { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'look', arguments: '' } }] } }] },
      { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { name: 'up', arguments: '{"q":' } }] } }] },
      { choices: [{ index: 0, delta: { tool_calls: [{ index: 1, id: 'call_b', function: { name: 'other', arguments: '{}' } }] } }] },
      { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '"x"}' } }] }, finish_reason: 'tool_calls' }] },
    );
    expect(round.toolCalls).toEqual([
      { id: 'call_a', name: 'lookup', arguments: '{"q":"x"}' },
      { id: 'call_b', name: 'other', arguments: '{}' },
    ]);
    expect(round.finishReason).toBe('tool_calls');
  });

  it('reads only the first choice and ignores usage it cannot count', () => {
    const round = fold(
      { choices: [{ index: 1, delta: { content: 'other' } }, { index: 0, delta: { content: 'mine' }, finish_reason: 'stop' }] },
      { choices: [], usage: { prompt_tokens: -1, completion_tokens: 'many' } },
    );
    expect(round.text).toBe('mine');
    expect(round.usage).toBeNull();
  });

  it('refuses chunks that are not chat completion chunks', () => {
    expect(() => foldChunk(emptyRound(), { id: 'x' })).toThrow(MalformedChunk);
    expect(() => foldChunk(emptyRound(), null)).toThrow(MalformedChunk);
    expect(() => foldChunk(emptyRound(), { choices: ['text'] })).toThrow(MalformedChunk);
    expect(() => foldChunk(emptyRound(), { choices: [{ delta: { tool_calls: {} } }] })).toThrow(MalformedChunk);
    expect(() => foldChunk(emptyRound(), { choices: [{ delta: { tool_calls: [{ index: 5 }] } }] })).toThrow(/bad index/);
  });
});

describe('finishRound', () => {
  it('calls a stream that ends without a finish reason cut short', () => {
    expect(() => finishRound(fold(text('half an ans')))).toThrow(/ended before the answer was complete/);
  });

  it('gives function calls without an id one, and refuses a call without a name', () => {
    const round = finishRound(fold({ choices: [{ delta: { tool_calls: [{ index: 0, function: { name: 'f' } }] }, finish_reason: 'tool_calls' }] }));
    expect(round.toolCalls[0].id).toBe('call_0');
    expect(() => finishRound(fold({ choices: [{ delta: { tool_calls: [{ index: 0, id: 'c' }] }, finish_reason: 'tool_calls' }] }))).toThrow(/no name/);
  });
});
