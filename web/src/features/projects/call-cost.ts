import { plural } from '../../lib/format';

/**
 * What one call of a meeting (an advisor's answer, the synthesis) took: the whole credits its tokens'
 * meters reached (a call whose fraction is carried to the next takes 0), and the tokens the provider
 * reported, which /usage counts on the model's meters ("3 credits · 1,500 tokens").
 */
export function callCost(call: { credits: number; tokensIn: number; tokensOut: number }): string {
  const tokens = call.tokensIn + call.tokensOut;
  return tokens > 0 ? `${plural(call.credits, 'credit')} · ${plural(tokens, 'token')}` : plural(call.credits, 'credit');
}
