import type { ChatTurn } from './llm/call.ts';
import type { Answer, Source, Turn } from './events.ts';
import { SYNTHESIS, type ModeDefinition } from './modes/table.ts';

/** What the board is told about the business, its earlier decisions and the project's files. */
export interface MeetingContext {
  /** The project and the organization's profile. */
  business: string;
  /** The syntheses of the project's last sessions. */
  memory: string;
  memoryIds: string[];
  /** The most relevant passages of the project's files. */
  passages: string;
  sources: Source[];
}

export const EMPTY_CONTEXT: MeetingContext = { business: '', memory: '', memoryIds: [], passages: '', sources: [] };

const section = (title: string, body: string) => (body.trim() ? `\n\n## ${title}\n${body.trim()}` : '');

/** An advisor's system prompt: its task, the meeting's mode and length, then what the board knows. */
export function advisorSystem(task: string, mode: ModeDefinition, rounds: number, context: MeetingContext): string {
  const meeting = `${mode.template} The meeting has ${rounds} round${rounds === 1 ? '' : 's'}. Keep your answer under ${mode.words} words.`;
  return (
    task +
    section(`Meeting mode: ${mode.label}`, meeting) +
    section('The business', context.business) +
    section('What this board concluded in earlier meetings of this project', context.memory) +
    section('Passages from the project’s files', context.passages)
  );
}

/** An answer as the others read it: its JSON when it has one (the same bytes the model wrote). */
export const answerText = (a: Pick<Answer, 'text' | 'json'>) => (a.json !== null && a.json !== undefined ? JSON.stringify(a.json) : a.text);

export interface Heard {
  name: string;
  text: string;
}

/** The message of rounds 2 and 3: the other advisors' answers of the round before, and how to respond. */
export function roundMessage(round: number, rounds: number, others: Heard[], mode: ModeDefinition): string {
  const heard = others.map((o) => `### ${o.name}\n${o.text}`).join('\n\n');
  return `Round ${round} of ${rounds}. The other advisors answered in round ${round - 1}:\n\n${heard || '(nobody else answered)'}\n\n${mode.respond}`;
}

/** What an advisor saw of earlier turns: each question and its own last answer to it. */
export function earlierTurns(history: readonly Turn[], assistantId: string): ChatTurn[] {
  return history.flatMap((t): ChatTurn[] => {
    const own = t.answers.filter((a) => a.assistantId === assistantId && a.status === 'answered').at(-1);
    return [{ role: 'user', content: t.question }, ...(own ? [{ role: 'assistant' as const, content: answerText(own) }] : [])];
  });
}

/**
 * The messages of one advisor's call in a round: earlier turns, the question, and from round 2 its
 * own answer of the round before and the others' answers of that round.
 */
export function advisorMessages(
  history: readonly Turn[],
  assistantId: string,
  question: string,
  round: number,
  rounds: number,
  mode: ModeDefinition,
  own: string,
  others: Heard[],
): ChatTurn[] {
  const start: ChatTurn[] = [...earlierTurns(history, assistantId), { role: 'user', content: question }];
  if (round === 1) return start;
  return [...start, { role: 'assistant', content: own }, { role: 'user', content: roundMessage(round, rounds, others, mode) }];
}

/** The chair's call: its task and the synthesis instructions; every round's answers, and who was missing. */
export function synthesisRequest(task: string, question: string, heard: { round: number; name: string; text: string }[], missing: string[], context: MeetingContext) {
  const system = `${task}${section('Chairing the meeting', `${SYNTHESIS.template} Keep it under ${SYNTHESIS.words} words.`)}${section('The business', context.business)}`;
  const rounds = [...new Set(heard.map((h) => h.round))].sort();
  const body = rounds
    .map((r) => `## Round ${r}\n\n${heard.filter((h) => h.round === r).map((h) => `### ${h.name}\n${h.text}`).join('\n\n')}`)
    .join('\n\n');
  const absent = missing.length ? `\n\nMissing: ${missing.join(', ')} did not answer every round; say so in the summary.` : '';
  return { system, messages: [{ role: 'user' as const, content: `The question put to the board: ${question}\n\n${body}${absent}` }] };
}
