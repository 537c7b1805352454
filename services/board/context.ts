import { loadState } from '../eventstore/command-handler.ts';
import type { EventStore, Queryable } from '../eventstore/store.ts';
import { orgProfileDecider } from '../orgprofile/decider.ts';
import { orgProfileStreamId } from '../orgprofile/events.ts';
import { lastSyntheses, type Remembered } from '../../projections/sessions/queries.ts';
import type { MeetingContext } from './meeting.ts';

/** Sessions whose syntheses a new session is given. */
export const MEMORY_SESSIONS = 5;
/** Each remembered synthesis is cut to this many characters (the memory stays bounded). */
const MEMORY_CHARS = 900;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The project and the organization's profile, as the board is told them. */
export function businessText(project: { name: string; description: string }, profile: { industry: string; stage: string; size: string; goals: string }): string {
  const lines = [`Project: ${project.name}`];
  if (project.description) lines.push(`About the project: ${project.description}`);
  const facts = [
    ['Industry', profile.industry],
    ['Stage', profile.stage],
    ['Size', profile.size],
  ].filter(([, v]) => v);
  if (facts.length) lines.push(`The organization: ${facts.map(([k, v]) => `${k}: ${v}`).join('; ')}`);
  if (profile.goals) lines.push(`Its goals: ${profile.goals}`);
  return lines.join('\n');
}

/** What earlier meetings concluded: each question with its summary, decisions and action items. */
export function memoryText(remembered: Remembered[]): string {
  return remembered
    .map((r) => {
      const s = r.synthesis.result;
      if (!s) return '';
      const parts = [`Asked on ${r.at.slice(0, 10)}: ${r.question}`, `Summary: ${s.summary}`];
      if (s.decisions.length) parts.push(`Decisions: ${s.decisions.join('; ')}`);
      if (s.actionItems.length) parts.push(`Action items: ${s.actionItems.map((a) => a.title).join('; ')}`);
      return `- ${clip(parts.join('\n  '), MEMORY_CHARS)}`;
    })
    .filter(Boolean)
    .join('\n');
}

export interface ContextDeps {
  store: EventStore;
  pg: Queryable;
}

/** What the board knows for a meeting of this project: the business, its earlier decisions, the relevant passages of its files. */
export async function meetingContext(
  deps: ContextDeps,
  input: { orgId: string; sessionId: string; project: { id: string; name: string; description: string }; question: string; memory: boolean },
  passages: (question: string) => Promise<Pick<MeetingContext, 'passages' | 'sources'>>,
): Promise<MeetingContext> {
  const profile = await loadState(deps.store, orgProfileDecider, orgProfileStreamId(input.orgId));
  const earlier = input.memory ? await lastSyntheses(deps.pg, input.project.id, input.orgId, MEMORY_SESSIONS + 1) : [];
  const remembered = earlier.filter((r) => r.sessionId !== input.sessionId).slice(0, MEMORY_SESSIONS);
  const files = await passages(input.question);
  return {
    business: businessText(input.project, profile),
    memory: memoryText(remembered),
    memoryIds: remembered.map((r) => r.sessionId),
    ...files,
  };
}
