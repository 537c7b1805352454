import { z } from 'zod';
import { idParam } from '../platform/ids.ts';
import { MEETING_MODES } from './modes/table.ts';

export const MAX_QUESTION = 8000;
export const MAX_ROUNDS_PER_MEETING = 3;

const question = z
  .string()
  .trim()
  .min(1, 'question is required')
  .max(MAX_QUESTION, `question must be at most ${MAX_QUESTION} characters`);

const mode = z.enum(MEETING_MODES, { message: `mode must be one of ${MEETING_MODES.join(', ')}` });
const rounds = z
  .number()
  .int('rounds must be a whole number')
  .min(1, `rounds must be from 1 to ${MAX_ROUNDS_PER_MEETING}`)
  .max(MAX_ROUNDS_PER_MEETING, `rounds must be from 1 to ${MAX_ROUNDS_PER_MEETING}`);
const assistantIds = z.array(z.string().max(100)).max(50);

/** A meeting as asked; what is left out comes from the project's saved board. */
export const StartSessionBody = z.object({ question, assistantIds: assistantIds.optional(), mode: mode.optional(), rounds: rounds.optional(), chairId: z.string().max(100).optional() });
export const QuoteBody = StartSessionBody.extend({ question: z.string().trim().max(MAX_QUESTION, `question must be at most ${MAX_QUESTION} characters`).default('') });
export const FollowUpBody = z.object({ question });
export const RetryBody = z.object({ assistantId: z.string().max(100), round: rounds });
export const RenameBody = z.object({ title: z.string().trim().min(1, 'title is required').max(200, 'title must be at most 200 characters') });
export const SaveBoardBody = z.object({ assistantIds: assistantIds.min(1, 'a board needs at least one advisor'), chairId: z.string().max(100).nullish(), mode, rounds });
export const ProjectParams = z.object({ id: idParam('Project') });
export const SessionParams = z.object({ sessionId: idParam('Session') });

const SourceSchema = z.object({ fileId: z.string(), name: z.string() });
export const Answer = z.object({
  assistantId: z.string(),
  name: z.string(),
  round: z.number(),
  status: z.enum(['running', 'answered', 'failed', 'stopped']),
  text: z.string(),
  json: z.unknown(),
  credits: z.number(),
  tokensIn: z.number(),
  tokensOut: z.number(),
  reason: z.string().nullable(),
  structured: z.boolean(),
  sources: z.array(SourceSchema),
});
export const SynthesisResultSchema = z.object({
  summary: z.string(),
  consensus: z.array(z.string()),
  dissent: z.array(z.object({ point: z.string(), advisors: z.array(z.string()) })),
  decisions: z.array(z.string()),
  actionItems: z.array(z.object({ title: z.string(), owner: z.string().nullish(), due: z.string().nullish() })),
  risks: z.array(z.string()),
});
export const SynthesisSchema = z.object({
  assistantId: z.string(),
  name: z.string(),
  status: z.enum(['waiting', 'written', 'failed', 'stopped']),
  result: SynthesisResultSchema.nullable(),
  missing: z.array(z.string()),
  credits: z.number(),
  /** The synthesis call's tokens, as the provider reported them (0 until written). */
  tokensIn: z.number(),
  tokensOut: z.number(),
  reason: z.string().nullable(),
});
export const SessionTurn = z.object({
  turn: z.number(),
  question: z.string(),
  /** When the question was asked (a follow-up's own time). */
  at: z.string(),
  mode: z.string(),
  rounds: z.number(),
  answers: z.array(Answer),
  synthesis: SynthesisSchema.nullable(),
});

/** The latest turn's question, answers and synthesis at the top, every turn in `turns`. */
export const Session = z.object({
  sessionId: z.string(),
  projectId: z.string(),
  title: z.string().nullable(),
  question: z.string(),
  mode: z.string(),
  rounds: z.number(),
  status: z.enum(['running', 'done']),
  credits: z.number(),
  shared: z.boolean(),
  answers: z.array(Answer),
  synthesis: SynthesisSchema.nullable(),
  turns: z.array(SessionTurn),
  createdAt: z.string(),
});
export const SessionList = z.object({ data: z.array(Session) });
export const SessionCreated = z.object({ sessionId: z.string() });
export const NoProviderAnswer = z.object({ error: z.literal('no_model_provider'), message: z.string() });
export const QuoteAnswer = z.object({
  maxCredits: z.number(),
  perAdvisor: z.array(z.object({ assistantId: z.string(), name: z.string(), rounds: z.array(z.number()), credits: z.number() })),
  synthesis: z.object({ assistantId: z.string(), name: z.string(), credits: z.number() }).nullable(),
});
export const SavedBoardAnswer = z.object({
  assistantIds: z.array(z.string()),
  chairId: z.string().nullable(),
  mode: z.enum(MEETING_MODES),
  rounds: z.number(),
  /** False until a member saved it: then every assistant ready to deploy sits on it. */
  saved: z.boolean(),
});

const amount = z.number().min(0).max(1_000_000);
export const Price = z.object({ inputPer1k: amount, outputPer1k: amount });
export const PriceTableBody = z.object({
  defaultPrice: Price,
  models: z.array(Price.extend({ model: z.string().trim().min(1, 'model is required').max(200) })).max(200),
});
export const PriceTableAnswer = PriceTableBody;
export const ModeSummary = z.object({ mode: z.enum(MEETING_MODES), label: z.string(), purpose: z.string() });
export const BoardStatus = z.object({ modelProvider: z.boolean(), maxQuestion: z.number(), modes: z.array(ModeSummary), maxRounds: z.number() });
export const ModeTableAnswer = z.object({
  data: z.array(
    ModeSummary.extend({ template: z.string(), respond: z.string(), words: z.number(), maxOutputTokens: z.number(), shape: z.record(z.string(), z.unknown()).nullable() }),
  ),
  synthesis: z.object({ template: z.string(), words: z.number(), maxOutputTokens: z.number(), shape: z.record(z.string(), z.unknown()) }),
});

export const ShareAnswer = z.object({ url: z.string(), token: z.string() });
export const SharedSession = z.object({
  title: z.string().nullable(),
  createdAt: z.string(),
  turns: z.array(
    z.object({
      turn: z.number(),
      question: z.string(),
      mode: z.string(),
      rounds: z.number(),
      answers: z.array(z.object({ name: z.string(), round: z.number(), status: z.string(), text: z.string(), json: z.unknown() })),
      synthesis: z.object({ name: z.string(), missing: z.array(z.string()), result: SynthesisResultSchema }).nullable(),
    }),
  ),
});
