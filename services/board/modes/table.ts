import type { ResponseFormatJSONSchema } from 'openai/resources/shared';

export const MEETING_MODES = ['boardroom', 'devils_advocate', 'pre_mortem', 'pitch_review', 'brainstorm'] as const;
export type MeetingMode = (typeof MEETING_MODES)[number];

/** A JSON schema in the strict form providers take (every property required, optional ones nullable). */
export type StrictShape = Record<string, unknown>;

export interface ModeDefinition {
  mode: MeetingMode;
  label: string;
  /** What the mode is for, in a sentence (shown beside the picker). */
  purpose: string;
  /** Added to each advisor's task in round 1. */
  template: string;
  /** Added in rounds 2 and 3, after the other advisors' answers of the round before. */
  respond: string;
  /** How long an answer should be (asked in the prompt) and its output limit in tokens: measured (table.test.ts). */
  words: number;
  maxOutputTokens: number;
  /** The answer's JSON shape; null: text (or the assistant's own output components). */
  shape: StrictShape | null;
}

const str = (description: string) => ({ type: 'string', description });
const list = (items: Record<string, unknown>, maxItems: number, minItems = 0) => ({ type: 'array', items, minItems, maxItems });
const object = (properties: Record<string, unknown>) => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});

/** The criteria a pitch is scored on, each from 1 (weak) to 10 (excellent). */
export const PITCH_CRITERIA = ['Problem', 'Solution', 'Market', 'Business model', 'Traction', 'Team', 'The ask'] as const;

/**
 * Every meeting mode: its prompt and its output shape, in one table (admins read it at
 * GET /api/admin/board/modes). Output limits are the measured length of the longest answer the
 * mode asks for (SAMPLE_ANSWERS, tokenized with cl100k and o200k) plus half again.
 */
export const MODE_TABLE: Record<MeetingMode, ModeDefinition> = {
  boardroom: {
    mode: 'boardroom',
    label: 'Boardroom',
    purpose: 'Each advisor advises on the question from their own expertise.',
    template: 'This is a board meeting. Advise on the question from your own expertise: what you would do, why, and what to watch.',
    respond: 'Respond to the other advisors: say where you agree, challenge what you think is wrong, and add what they missed.',
    words: 200,
    maxOutputTokens: 360,
    shape: null,
  },
  devils_advocate: {
    mode: 'devils_advocate',
    label: "Devil's advocate",
    purpose: 'Every advisor argues against the plan, to test it.',
    template: "You are the devil's advocate. Argue against the plan in the question: its weakest assumptions, what could go wrong, and the strongest case for not doing it.",
    respond: 'Take the other advisors’ objections further: challenge the ones that are weak and sharpen the ones that hold.',
    words: 180,
    maxOutputTokens: 320,
    shape: null,
  },
  pre_mortem: {
    mode: 'pre_mortem',
    label: 'Pre-mortem',
    purpose: 'Assume the plan failed a year from now: each advisor says why.',
    template: 'Assume it is a year from now and the plan in the question has failed. Give up to five causes of the failure, most likely first, each with its early warning sign and how to prevent it.',
    respond: 'Read the causes the other advisors gave: keep yours, drop the ones they showed unlikely, and add causes they missed.',
    words: 275,
    maxOutputTokens: 530,
    shape: object({
      causes: list(object({ cause: str('Why it failed'), warningSign: str('What would show it early'), prevention: str('How to prevent it') }), 5, 1),
    }),
  },
  pitch_review: {
    mode: 'pitch_review',
    label: 'Pitch review',
    purpose: `Score the pitch from 1 to 10 on each criterion: ${PITCH_CRITERIA.join(', ')}.`,
    template: `Review the pitch in the question as an investor would. Score it from 1 (weak) to 10 (excellent) on each of these criteria, with a short reason each: ${PITCH_CRITERIA.join(', ')}. Then give your overall view.`,
    respond: 'Read the other advisors’ scores: change a score where their reasons convince you, and say where you still disagree.',
    words: 230,
    maxOutputTokens: 510,
    shape: object({
      scores: list(
        object({
          criterion: { type: 'string', enum: [...PITCH_CRITERIA] },
          score: { type: 'integer', description: 'From 1 (weak) to 10 (excellent)', minimum: 1, maximum: 10 },
          reason: str('Why this score'),
        }),
        PITCH_CRITERIA.length,
        PITCH_CRITERIA.length,
      ),
      overall: str('The overall view of the pitch'),
    }),
  },
  brainstorm: {
    mode: 'brainstorm',
    label: 'Brainstorm',
    purpose: 'Many options, no critique.',
    template: 'This is a brainstorm. Give up to eight different options for the question, each with a short title and description. Do not critique or rank them.',
    respond: 'Build on the other advisors’ ideas: combine them, push them further, or add new ones. Still no critique.',
    words: 300,
    maxOutputTokens: 560,
    shape: object({ ideas: list(object({ title: str('A few words'), description: str('What it is and how it would work') }), 8, 1) }),
  },
};

/** The chair's synthesis: what the meeting agreed, where it split, and what to do next. */
export const SYNTHESIS = {
  words: 650,
  maxOutputTokens: 1290,
  template:
    'You chair this board meeting. Sum it up for the business owner: a short summary; the points the advisors agreed on; ' +
    'where they disagreed (each point with the names of the advisors on the dissenting side); the decisions the meeting points to; ' +
    'action items (each with an owner and a due date when the discussion suggests them); and the risks raised. Use only what was said.',
  shape: object({
    summary: str('The meeting in a few sentences'),
    consensus: list(str('A point the advisors agreed on'), 5),
    dissent: list(object({ point: str('Where they disagreed'), advisors: list(str('An advisor’s name'), 10) }), 5),
    decisions: list(str('A decision the meeting points to'), 5),
    actionItems: list(
      object({
        title: str('What to do'),
        owner: { anyOf: [str('Who should do it'), { type: 'null' }] },
        due: { anyOf: [str('When'), { type: 'null' }] },
      }),
      6,
    ),
    risks: list(str('A risk raised'), 5),
  }),
};

export interface SynthesisResult {
  summary: string;
  consensus: string[];
  dissent: { point: string; advisors: string[] }[];
  decisions: string[];
  actionItems: { title: string; owner?: string | null; due?: string | null }[];
  risks: string[];
}

/** `response_format` for a shape of this table. */
export const strictFormat = (name: string, schema: StrictShape): ResponseFormatJSONSchema => ({
  type: 'json_schema',
  json_schema: { name, schema, strict: true },
});

export const isMode = (value: unknown): value is MeetingMode => typeof value === 'string' && (MEETING_MODES as readonly string[]).includes(value);
