import { plural } from '../../lib/format';

/**
 * What one call of a meeting (an advisor's answer, the synthesis) took: the whole credits its tokens'
 * meters reached, and the tokens the provider reported, which /usage counts on the model's meters
 * ("3 credits · 1,500 tokens"). A call whose tokens reached no whole credit says where they went (its
 * fraction is carried to the meters' next use), so "0 credits" never reads as free or as a fault.
 */
export function callCost(call: { credits: number; tokensIn: number; tokensOut: number }): string {
  const tokens = call.tokensIn + call.tokensOut;
  if (tokens === 0) return plural(call.credits, 'credit');
  const carried = call.credits === 0 ? ' (under a credit: carried to the next call)' : '';
  return `${plural(call.credits, 'credit')} · ${plural(tokens, 'token')}${carried}`;
}
