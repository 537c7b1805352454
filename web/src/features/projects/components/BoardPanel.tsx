import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { budgetRoom } from '../../../components/budget-alert';
import { budgetsQueryOptions } from '../../../components/BudgetBanner';
import { BuyCredits } from '../../../components/BuyCredits';
import { creditAlertsQueryOptions } from '../../../components/CreditAlertBanner';
import { ORG_PROFILE_ANCHOR, orgProfileQueryOptions, profileIsEmpty } from '../../../components/OrgProfileCard';
import { useAuth } from '../../../lib/auth/hooks';
import { useMyOrganization } from '../../../lib/account';
import { paths } from '../../../paths';
import { useAskBoard } from '../api/ask-board';
import { useBoardConfig, useSaveBoard } from '../api/board-config';
import { useBoardMembers, useBoardStatus } from '../api/board-status';
import { useSessions } from '../api/get-sessions';
import { boardKeys } from '../api/keys';
import { useAvailableCredits, useQuote } from '../api/quote';
import { plural } from '../../../lib/format';
import BoardSettings from './BoardSettings';
import CreditsRefusal from './CreditsRefusal';
import FilesPanel from './FilesPanel';
import SessionCard from './SessionCard';
import './board.css';

function NoProvider() {
  return (
    <div className="board-no-provider" role="note">
      <h2>Advisory Board Interface Coming Soon</h2>
      <p>
        No model provider is configured, so the advisors cannot answer yet. An administrator sets <code>LLM_BASE_URL</code> to an
        OpenAI-compatible endpoint (for example <code>https://api.openai.com/v1</code>, or <code>http://127.0.0.1:11434/v1</code> for a
        local Ollama), and <code>LLM_API_KEY</code> when the provider needs a key, then restarts the server.
      </p>
    </div>
  );
}

type Blocked = 'disabled' | 'no_credits' | null;

/** Why the board cannot take a question, said before anything is typed (the server refuses it anyway). */
function useBlocked(): Blocked {
  const organization = useMyOrganization();
  const credits = useQuery(creditAlertsQueryOptions());
  if (organization && !organization.is_active) return 'disabled';
  return credits.data && credits.data.available <= 0 ? 'no_credits' : null;
}

function BlockedNote({ blocked }: { blocked: Exclude<Blocked, null> }) {
  return (
    <p className="board-blocked" role="note" data-testid="board-blocked">
      {blocked === 'disabled' ? (
        <>Your organization is disabled: the board cannot take questions until an administrator enables it again.</>
      ) : (
        <>
          Your organization has no credits available: the board cannot take a question. <BuyCredits />
        </>
      )}
    </p>
  );
}

/** Said while the company profile is empty: the advisors know the project, not the business behind it. */
function UntoldBusiness() {
  const organization = useMyOrganization();
  const profile = useQuery(orgProfileQueryOptions());
  if (!profile.data || !profileIsEmpty(profile.data)) return null;
  const to = `${paths.org.path}#${ORG_PROFILE_ANCHOR}`;
  return (
    <p className="muted board-untold" data-testid="board-untold">
      The board knows nothing about your business yet: advisors answer better when they know its industry, stage, size and goals.{' '}
      {organization?.role === 'owner' ? (
        <Link to={to}>Fill in the company profile</Link>
      ) : (
        <>
          An owner of your organization can fill in the <Link to={to}>company profile</Link>.
        </>
      )}
    </p>
  );
}

/** A value that follows `value` once it has stopped changing for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The advisory board of a project: who sits on it and how it meets, what a meeting can cost, the question box, and the transcript. */
export default function BoardPanel({ projectId }: { projectId: string }) {
  const queryClient = useQueryClient();
  const status = useBoardStatus();
  const members = useBoardMembers();
  const config = useBoardConfig(projectId);
  const saveBoard = useSaveBoard(projectId);
  const sessions = useSessions(projectId);
  const credits = useAvailableCredits();
  const blocked = useBlocked();
  const ask = useAskBoard();
  const [question, setQuestion] = useState('');
  const provider = status.data?.modelProvider === true;
  const board = config.data;
  const seated = board?.assistantIds ?? [];
  const disabled = blocked !== null;
  const settledQuestion = useSettled(question.trim(), 400);
  const quoteInput = board ? { question: settledQuestion, assistantIds: seated, mode: board.mode, rounds: board.rounds, ...(board.chairId ? { chairId: board.chairId } : {}) } : { question: '' };
  const quote = useQuote(projectId, quoteInput, provider && seated.length > 0);
  const available = credits.data?.available;
  const most = quote.data?.maxCredits;
  const short = !blocked && available !== undefined && most !== undefined && available < most;
  const { user } = useAuth();
  const budgets = useQuery({ ...budgetsQueryOptions(), retry: false });
  const room = budgetRoom(budgets.data?.data ?? [], user?.id, projectId);
  const overBudget = !blocked && !short && room !== null && most !== undefined && room.left < most ? room : null;
  const canAsk = provider && !disabled && seated.length > 0 && !short && !overBudget;
  const modes = status.data?.modes ?? [];
  const modeLabel = (mode: string) => modes.find((m) => m.mode === mode)?.label ?? mode;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canAsk || !question.trim() || !board) return;
    ask.mutate(
      { projectId, question, assistantIds: seated, mode: board.mode, rounds: board.rounds, ...(board.chairId ? { chairId: board.chairId } : {}) },
      {
        onSuccess: async () => {
          setQuestion('');
          await queryClient.invalidateQueries({ queryKey: boardKeys.sessions(projectId) });
          await queryClient.invalidateQueries({ queryKey: boardKeys.credits() });
          await queryClient.invalidateQueries({ queryKey: budgetsQueryOptions().queryKey });
        },
        // A refusal may mean the balance or a budget moved: what the box says is read again.
        onError: () => {
          void queryClient.invalidateQueries({ queryKey: creditAlertsQueryOptions().queryKey });
          void queryClient.invalidateQueries({ queryKey: budgetsQueryOptions().queryKey });
        },
      },
    );
  };

  return (
    <section className="card board" aria-label="Advisory board">
      {status.data && !provider && <NoProvider />}
      {provider && blocked && <BlockedNote blocked={blocked} />}
      {provider && short && (
        <p className="board-blocked" role="note" data-testid="board-short">
          Your organization has {plural(available!, 'credit')} available; this meeting can cost up to {plural(most!, 'credit')}: fewer advisors or rounds cost less.{' '}
          <BuyCredits />
        </p>
      )}
      {provider && overBudget && (
        <p className="board-blocked" role="note" data-testid="board-over-budget">
          {overBudget.name} has {plural(overBudget.left, 'credit')} left; this meeting can cost up to {plural(most!, 'credit')}: fewer advisors or rounds cost less.{' '}
          <Link to={paths.org.path}>See the budgets</Link>
        </p>
      )}
      <h2 className="board__title">Your board</h2>
      {(members.isPending || config.isPending) && <p className="muted">Loading the board...</p>}
      {members.data?.length === 0 && <p className="muted">No advisors are ready to deploy yet.</p>}
      {members.data && members.data.length > 0 && board && (
        <BoardSettings
          members={members.data}
          board={board}
          modes={modes}
          maxRounds={status.data?.maxRounds ?? 3}
          onChange={(next) => saveBoard.mutate(next)}
          disabled={disabled || saveBoard.isPending}
        />
      )}
      {saveBoard.error && <CreditsRefusal error={saveBoard.error} />}
      <FilesPanel projectId={projectId} disabled={disabled} />
      {provider && <UntoldBusiness />}
      <form className="board-ask" onSubmit={submit}>
        <label htmlFor="board-question">Your question</label>
        <textarea
          className="input"
          id="board-question"
          value={question}
          onChange={(e) => setQuestion(e.target.value)}
          maxLength={status.data?.maxQuestion ?? 8000}
          rows={3}
          disabled={!provider || disabled}
          placeholder={!provider ? 'The board cannot answer until a model provider is configured' : disabled ? undefined : 'What should the board advise on?'}
        />
        <div className="board-ask__actions">
          <button type="submit" className="button button--primary" disabled={!canAsk || !question.trim() || ask.isPending}>
            {ask.isPending ? 'Asking…' : 'Ask the board'}
          </button>
          {most !== undefined && provider && seated.length > 0 && (
            <span className="board-ask__quote" aria-live="polite">at most {plural(most, 'credit')}</span>
          )}
        </div>
      </form>
      {ask.error && <CreditsRefusal error={ask.error} />}
      <h2 className="board__title">Transcript</h2>
      {sessions.isPending && <p className="muted">Loading sessions...</p>}
      {sessions.data?.length === 0 && <p className="muted">No sessions in this project yet.</p>}
      {sessions.data && sessions.data.length > 0 && (
        <ol className="board-sessions" aria-label="Sessions">
          {sessions.data.map((s) => (
            <SessionCard key={s.sessionId} session={s} projectId={projectId} canAsk={provider && !disabled} modeLabel={modeLabel} />
          ))}
        </ol>
      )}
    </section>
  );
}
