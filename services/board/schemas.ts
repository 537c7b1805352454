import { z } from 'zod';

export const MAX_QUESTION = 8000;

const question = z
  .string()
  .trim()
  .min(1, 'question is required')
  .max(MAX_QUESTION, `question must be at most ${MAX_QUESTION} characters`);

export const StartSessionBody = z.object({
  question,
  assistantIds: z.array(z.string().max(100)).max(50).optional(),
});
export const FollowUpBody = z.object({ question });
export const ProjectParams = z.object({ id: z.string() });
export const SessionParams = z.object({ sessionId: z.string() });

export const Answer = z.object({
  assistantId: z.string(),
  name: z.string(),
  status: z.enum(['running', 'answered', 'failed']),
  text: z.string(),
  json: z.unknown(),
  credits: z.number(),
  tokensIn: z.number(),
  tokensOut: z.number(),
  reason: z.string().nullable(),
});
export const SessionTurn = z.object({ turn: z.number(), question: z.string(), answers: z.array(Answer) });

/** The latest turn's question and answers at the top (the shape), every turn in `turns`. */
export const Session = z.object({
  sessionId: z.string(),
  projectId: z.string(),
  question: z.string(),
  status: z.enum(['running', 'done']),
  credits: z.number(),
  answers: z.array(Answer),
  turns: z.array(SessionTurn),
  createdAt: z.string(),
});
export const SessionList = z.object({ data: z.array(Session) });
export const SessionCreated = z.object({ sessionId: z.string() });
export const NoProviderAnswer = z.object({ error: z.literal('no_model_provider'), message: z.string() });

const amount = z.number().min(0).max(1_000_000);
export const Price = z.object({ inputPer1k: amount, outputPer1k: amount });
export const PriceTableBody = z.object({
  defaultPrice: Price,
  models: z.array(Price.extend({ model: z.string().trim().min(1, 'model is required').max(200) })).max(200),
});
export const PriceTableAnswer = PriceTableBody;
export const BoardStatus = z.object({ modelProvider: z.boolean(), maxQuestion: z.number() });
