/**
 * Answers of the length each mode asks for, as a good model writes them (the longest it is asked
 * to write): the measure of each mode's output limit (table.test.ts tokenizes them).
 */
const sentence = (words: number, seed: string) =>
  Array.from({ length: words }, (_, i) => SAMPLE_WORDS[(i * 7 + seed.length * 3) % SAMPLE_WORDS.length]).join(' ');

const SAMPLE_WORDS = (
  'raise prices five percent for new customers first while existing accounts keep their current plan until renewal; measure churn ' +
  'weekly, compare cohorts, and stop the test if cancellations exceed two points above baseline. Competitors charge more, your ' +
  'onboarding is stronger, and the margin pays for the support hire you postponed. Talk to your ten largest clients before ' +
  'announcing anything, explain the roadmap, and offer annual billing at the old monthly rate as a loyalty option.'
).split(' ');

export const SAMPLE_ANSWERS: Record<string, string> = {
  boardroom: sentence(200, 'boardroom'),
  devils_advocate: sentence(180, 'devil'),
  pre_mortem: JSON.stringify({
    causes: Array.from({ length: 5 }, (_, i) => ({ cause: sentence(25, `c${i}`), warningSign: sentence(15, `w${i}`), prevention: sentence(15, `p${i}`) })),
  }),
  pitch_review: JSON.stringify({
    scores: ['Problem', 'Solution', 'Market', 'Business model', 'Traction', 'Team', 'The ask'].map((criterion, i) => ({
      criterion,
      score: 7,
      reason: sentence(25, `r${i}`),
    })),
    overall: sentence(50, 'overall'),
  }),
  brainstorm: JSON.stringify({ ideas: Array.from({ length: 8 }, (_, i) => ({ title: sentence(8, `t${i}`), description: sentence(30, `d${i}`) })) }),
  synthesis: JSON.stringify({
    summary: sentence(80, 'summary'),
    consensus: Array.from({ length: 5 }, (_, i) => sentence(25, `k${i}`)),
    dissent: Array.from({ length: 3 }, (_, i) => ({ point: sentence(25, `d${i}`), advisors: ['Strategist', 'Financial analyst'] })),
    decisions: Array.from({ length: 5 }, (_, i) => sentence(25, `e${i}`)),
    actionItems: Array.from({ length: 6 }, (_, i) => ({ title: sentence(20, `a${i}`), owner: 'Head of sales', due: 'in two weeks' })),
    risks: Array.from({ length: 5 }, (_, i) => sentence(25, `x${i}`)),
  }),
};
