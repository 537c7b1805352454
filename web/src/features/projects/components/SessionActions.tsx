import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useToast } from '../../../components/Toast';
import { serverMessage } from '../../../lib/api';
import type { BoardSession } from '../api/get-sessions';
import { exportHref, useShare } from '../api/share';
import { useSteer } from '../api/steer';

/** What a member can do with a session: stop it, rename, export, share or delete it. */
export default function SessionActions({ session, projectId, onStop, stopping }: { session: BoardSession; projectId: string; onStop: () => void; stopping: boolean }) {
  const toast = useToast();
  const steer = useSteer(projectId);
  const sharing = useShare(projectId);
  const [renaming, setRenaming] = useState(false);
  const [title, setTitle] = useState(session.title ?? session.turns[0]?.question.slice(0, 200) ?? '');
  const [deleting, setDeleting] = useState(false);
  const [link, setLink] = useState<string | null>(null);
  const running = session.status === 'running';
  const fail = (what: string) => (err: unknown) => toast.error(serverMessage(err, what));

  const rename = (event: FormEvent) => {
    event.preventDefault();
    steer.rename.mutate({ sessionId: session.sessionId, title }, { onSuccess: () => setRenaming(false), onError: fail('The session could not be renamed') });
  };
  const share = () =>
    sharing.share.mutate(session.sessionId, { onSuccess: (answer) => setLink(new URL(answer.url, window.location.origin).href), onError: fail('The session could not be shared') });
  const revoke = () => sharing.revoke.mutate(session.sessionId, { onSuccess: () => setLink(null), onError: fail('The link could not be revoked') });

  if (renaming) {
    return (
      <form className="session-actions session-actions--rename" onSubmit={rename}>
        <input className="input" aria-label="Session title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} required />
        <button type="submit" className="button button--small button--secondary" disabled={steer.rename.isPending || !title.trim()}>Save</button>
        <button type="button" className="button button--secondary button--small" onClick={() => setRenaming(false)}>Cancel</button>
      </form>
    );
  }
  return (
    <div className="session-actions">
      {running && (
        <button type="button" className="button button--danger button--small" onClick={onStop} disabled={stopping}>
          {stopping ? 'Stopping…' : 'Stop'}
        </button>
      )}
      {!running && (
        <>
          <button type="button" className="button button--secondary button--small" onClick={() => setRenaming(true)}>Rename</button>
          <a className="button button--secondary button--small" href={exportHref(session.sessionId, 'md')} download>Markdown</a>
          <a className="button button--secondary button--small" href={exportHref(session.sessionId, 'pdf')} download>PDF</a>
          <button type="button" className="button button--secondary button--small" onClick={share} disabled={sharing.share.isPending}>
            {session.shared ? 'New link' : 'Share'}
          </button>
          {session.shared && (
            <button type="button" className="button button--secondary button--small" onClick={revoke} disabled={sharing.revoke.isPending}>Revoke link</button>
          )}
          <button type="button" className="button button--danger button--small" onClick={() => setDeleting(true)}>Delete</button>
        </>
      )}
      {link && (
        <p className="session-actions__link">
          Read-only link: <input className="input" aria-label="Share link" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
        </p>
      )}
      <ConfirmDialog
        open={deleting}
        title="Delete this session?"
        confirmLabel="Delete"
        busy={steer.remove.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() => steer.remove.mutate(session.sessionId, { onSuccess: () => setDeleting(false), onError: fail('The session could not be deleted') })}
      >
        <p>Its transcript and synthesis leave the project, and any shared link stops working. The credits it spent stay spent.</p>
      </ConfirmDialog>
    </div>
  );
}
