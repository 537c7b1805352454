import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loadState } from '../eventstore/command-handler.ts';
import { DomainError, NotFoundError, ValidationError } from '../platform/errors.ts';
import { OrganizationInactive } from '../credits/errors.ts';
import { projectDecider } from '../projects/decider.ts';
import { projectStreamId, type ProjectState } from '../projects/events.ts';
import { orgIsActive } from '../../projections/orgs/queries.ts';
import { listAdvisors } from '../../projections/assistants/queries.ts';
import { advisorSpecs } from './advisors.ts';
import { meetingContext } from './context.ts';
import type { HoldRef, Turn } from './events.ts';
import type { LlmSettings } from './llm/settings.ts';
import type { MeetingContext } from './meeting.ts';
import { isMode, type MeetingMode } from './modes/table.ts';
import { planMeeting, type Meeting, type MeetingInput } from './plan.ts';
import { placeHolds } from './holds.ts';
import type { BoardDeps } from './runner.ts';

export class NoModelProvider extends DomainError {
  constructor() {
    super(503, 'no_model_provider', 'No model provider is configured: set LLM_BASE_URL (and LLM_API_KEY)', { error: 'no_model_provider' });
  }
}

export function providerOf(app: FastifyInstance): BoardDeps {
  if (!app.board.deps) throw new NoModelProvider();
  return app.board.deps;
}

export async function activeOrg(app: FastifyInstance, orgId: string) {
  if ((await orgIsActive(app.pg, orgId)) === false) throw new OrganizationInactive();
}

/** The caller's project, from its stream; another organization's is not found. */
export async function ownProject(app: FastifyInstance, request: FastifyRequest, id: string): Promise<ProjectState & { id: string; orgId: string }> {
  const orgId = request.user?.organization_id;
  if (!orgId) throw new NotFoundError('Project');
  const project = await loadState(app.store, projectDecider, projectStreamId(id));
  if (!project.exists || project.orgId !== orgId) throw new NotFoundError('Project');
  return { ...project, id, orgId };
}

export interface EffectiveBoard {
  assistantIds: string[];
  chairId: string | null;
  mode: MeetingMode;
  rounds: number;
  saved: boolean;
}

/**
 * The project's board: as saved (its advisors still ready to deploy; one deployed since does not
 * join by itself), or, never saved, every assistant ready to deploy, boardroom, one round.
 */
export async function boardOf(app: FastifyInstance, project: ProjectState): Promise<EffectiveBoard> {
  const ready = (await listAdvisors(app.pg)).map((a) => a.id);
  const saved = project.board;
  if (!saved) return { assistantIds: ready, chairId: null, mode: 'boardroom', rounds: 1, saved: false };
  const assistantIds = saved.assistantIds.filter((id) => ready.includes(id));
  const chairId = saved.chairId && assistantIds.includes(saved.chairId) ? saved.chairId : null;
  return { assistantIds, chairId, mode: isMode(saved.mode) ? saved.mode : 'boardroom', rounds: saved.rounds, saved: true };
}

export interface Asked {
  question: string;
  assistantIds?: string[];
  mode?: MeetingMode;
  rounds?: number;
  chairId?: string;
}

/** The meeting as asked, completed from the project's board; a chair not on it is a 400. */
export async function meetingSetup(app: FastifyInstance, project: ProjectState, body: Omit<Asked, 'question'>) {
  const board = await boardOf(app, project);
  const ids = body.assistantIds?.length ? [...new Set(body.assistantIds)] : board.assistantIds;
  if (body.chairId && !ids.includes(body.chairId)) throw new ValidationError('chairId: the chair must sit on the board', 'chairId');
  const specs = await advisorSpecs(app.pg, ids);
  const chair = body.chairId ?? (board.chairId && ids.includes(board.chairId) ? board.chairId : specs[0].assistantId);
  return { board, specs, mode: body.mode ?? board.mode, rounds: body.rounds ?? board.rounds, chairId: chair };
}

/** The passages of the project's files most relevant to the question (none until files are attached). */
export type Passages = (orgId: string, projectId: string, question: string) => Promise<Pick<MeetingContext, 'passages' | 'sources'>>;
export const NO_PASSAGES: Passages = async () => ({ passages: '', sources: [] });

export async function planFor(
  app: FastifyInstance,
  request: FastifyRequest,
  project: ProjectState & { id: string; orgId: string },
  body: Asked,
  settings: LlmSettings,
  turn: { sessionId: string; turn: number; history: readonly Turn[] },
  passages: Passages = NO_PASSAGES,
): Promise<{ meeting: Meeting; board: EffectiveBoard }> {
  const { board, specs, mode, rounds, chairId } = await meetingSetup(app, project, body);
  const context = await meetingContext(
    app,
    { orgId: project.orgId, sessionId: turn.sessionId, project: { id: project.id, name: project.name, description: project.description }, question: body.question, memory: turn.turn === 1 },
    (q) => passages(project.orgId, project.id, q),
  );
  const input: MeetingInput = {
    ...turn,
    requestId: randomUUID(),
    orgId: project.orgId,
    projectId: project.id,
    projectName: project.name,
    userId: request.user!.id,
    question: body.question,
    mode,
    rounds,
    specs,
    chairId,
    context,
    metadata: app.commands.metadata(request),
  };
  return { meeting: await planMeeting({ store: app.store, settings }, input), board };
}

/** What the session's events say of a meeting before it runs: its setup, its holds, what the board was told. */
export function setupOf(meeting: Meeting, holds: HoldRef[]) {
  const structured = meeting.calls.filter((c) => c.round === 1 && c.responseFormat).map((c) => c.spec.assistantId);
  return {
    assistantIds: meeting.specs.map((s) => s.assistantId),
    names: Object.fromEntries(meeting.specs.map((s) => [s.assistantId, s.name])),
    mode: meeting.mode,
    rounds: meeting.rounds,
    chairId: meeting.synthesis ? meeting.synthesis.spec.assistantId : null,
    holds,
    structured,
    sources: meeting.context.sources,
    memory: meeting.context.memoryIds,
  };
}

export const holdAll = (deps: BoardDeps, meeting: Meeting) =>
  placeHolds(deps, meeting, [...meeting.calls, ...(meeting.synthesis ? [meeting.synthesis] : [])], deps.llm.settings);
