import { useEffect, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { creditAlertsQueryOptions } from '../../../components/CreditAlertBanner';
import { useMyOrganization } from '../../../lib/account';
import { paths } from '../../../paths';
import { useAskBoard } from '../api/ask-board';
import { useBoardMembers, useBoardStatus } from '../api/board-status';
import { useSessions } from '../api/get-sessions';
import { boardKeys } from '../api/keys';
import CreditsRefusal from './CreditsRefusal';
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
          Your organization has no credits available: the board cannot take a question. <Link to={paths.pricing.path}>Buy credits</Link>
        </>
      )}
    </p>
  );
}

/** The advisory board of a project: who sits on it, the question box, and the transcript of past sessions. */
export default function BoardPanel({ projectId }: { projectId: string }) {
  const queryClient = useQueryClient();
  const status = useBoardStatus();
  const members = useBoardMembers();
  const sessions = useSessions(projectId);
  const ask = useAskBoard();
  const [question, setQuestion] = useState('');
  const [left, setLeft] = useState<Set<string>>(new Set());
  const provider = status.data?.modelProvider === true;
  const seated = (members.data ?? []).filter((m) => !left.has(m.id));
  const blocked = useBlocked();
  const open = provider && !blocked;
  const canAsk = open && seated.length > 0;

  useEffect(() => setLeft(new Set()), [projectId]);

  const toggle = (id: string) =>
    setLeft((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canAsk || !question.trim()) return;
    ask.mutate(
      { projectId, question, assistantIds: seated.map((m) => m.id) },
      {
        onSuccess: async () => {
          setQuestion('');
          await queryClient.invalidateQueries({ queryKey: boardKeys.sessions(projectId) });
        },
        // A refusal may mean the balance moved: what the box says is read again.
        onError: () => void queryClient.invalidateQueries({ queryKey: creditAlertsQueryOptions().queryKey }),
      },
    );
  };

  return (
    <section className="card board" aria-label="Advisory board">
      {status.data && !provider && <NoProvider />}
      <h2 className="board__title">Your board</h2>
      {members.isPending && <p className="muted">Loading the board...</p>}
      {members.data?.length === 0 && <p className="muted">No advisors are ready to deploy yet.</p>}
      {members.data && members.data.length > 0 && (
        <ul className="board-members" aria-label="Board members">
          {members.data.map((m) => (
            <li key={m.id} className="board-member">
              <label>
                <input type="checkbox" checked={!left.has(m.id)} onChange={() => toggle(m.id)} />
                <span className="board-member__name">{m.name}</span>
              </label>
              {m.tags.length > 0 && (
                <span className="board-member__tags">
                  {m.tags.map((tag) => (
                    <span key={tag.id} className="board-tag">{tag.name}</span>
                  ))}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {provider && blocked && <BlockedNote blocked={blocked} />}
      <form className="board-ask" onSubmit={submit}>
        <label htmlFor="board-question">Your question</label>
        <textarea
          id="board-question"
          value={question}
          onChange={(e) => setQuestion(e.target.value)}
          maxLength={status.data?.maxQuestion ?? 8000}
          rows={3}
          disabled={!open}
          placeholder={!provider ? 'The board cannot answer until a model provider is configured' : open ? 'What should the board advise on?' : undefined}
        />
        <button type="submit" className="button" disabled={!canAsk || !question.trim() || ask.isPending}>
          {ask.isPending ? 'Asking…' : 'Ask the board'}
        </button>
      </form>
      {ask.error && <CreditsRefusal error={ask.error} />}
      <h2 className="board__title">Transcript</h2>
      {sessions.isPending && <p className="muted">Loading sessions...</p>}
      {sessions.data?.length === 0 && <p className="muted">No sessions in this project yet.</p>}
      {sessions.data && sessions.data.length > 0 && (
        <ol className="board-sessions" aria-label="Sessions">
          {sessions.data.map((s) => (
            <SessionCard key={s.sessionId} session={s} projectId={projectId} canAsk={open} />
          ))}
        </ol>
      )}
    </section>
  );
}
