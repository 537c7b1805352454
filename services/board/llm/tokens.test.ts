import { describe, expect, it } from 'vitest';
import { estimateCallInputTokens, estimateTokens, MAX_ROUNDS, requestText } from './tokens.ts';

describe('estimateTokens', () => {
  it('counts one token per 3 UTF-8 bytes, rounded up: above real tokenizers for English and for CJK', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcd')).toBe(2);
    expect(estimateTokens('The board answers every question.')).toBeGreaterThan('The board answers every question.'.length / 4);
    expect(estimateTokens('取締役会')).toBe(4);
  });
});

describe('estimateCallInputTokens', () => {
  const call = { system: 'You advise on strategy.', messages: [{ role: 'user', content: 'Should we raise prices?' }] };

  it('estimates a call without functions from the JSON of its one request', () => {
    const sent = requestText({ messages: [{ role: 'system', content: call.system }, ...call.messages] });
    expect(estimateCallInputTokens(call, 1024)).toBe(estimateTokens(sent));
  });

  it('allows, for a call with functions, every round re-sending the request plus the output budget twice', () => {
    const withTools = { ...call, tools: [{ type: 'function', function: { name: 'f' } }] };
    const one = estimateTokens(requestText({ messages: [{ role: 'system', content: call.system }, ...call.messages], tools: withTools.tools }));
    expect(estimateCallInputTokens(withTools, 1000)).toBe(one * MAX_ROUNDS + (MAX_ROUNDS - 1) * 2000);
  });

  it('grows with earlier turns and the response format', () => {
    const plain = estimateCallInputTokens(call, 100);
    const longer = estimateCallInputTokens({ ...call, messages: [{ role: 'assistant', content: 'Earlier answer '.repeat(50) }, ...call.messages] }, 100);
    const formatted = estimateCallInputTokens({ ...call, responseFormat: { type: 'json_schema', json_schema: { name: 'x', schema: {} } } }, 100);
    expect(longer).toBeGreaterThan(plain + 200);
    expect(formatted).toBeGreaterThan(plain);
  });
});
