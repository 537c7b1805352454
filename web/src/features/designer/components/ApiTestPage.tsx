import { useState, type FormEvent } from 'react';
import { formatResponse, hasBody, METHODS, prepareRequest, type Method } from '../api-tester';
import './designer.css';

interface Answer {
  status: number;
  statusText: string;
  body: string;
}

/** Sends the admin's own request to this site's API with the session cookie only (credentials 'same-origin'). */
export default function ApiTestPage() {
  const [method, setMethod] = useState<Method>('GET');
  const [url, setUrl] = useState('/api/auth/me');
  const [payload, setPayload] = useState('{}');
  const [problem, setProblem] = useState<string | null>(null);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [sending, setSending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    // A new request's answer (or its error) replaces the previous one: never an old status under a new error.
    setAnswer(null);
    const prepared = prepareRequest(method, url, payload, window.location.origin);
    if (!prepared.ok) {
      setProblem(prepared.error);
      return;
    }
    setSending(true);
    try {
      const res = await fetch(prepared.path, {
        method: prepared.method,
        credentials: 'same-origin',
        headers: prepared.body === undefined ? undefined : { 'content-type': 'application/json' },
        body: prepared.body,
      });
      setAnswer({ status: res.status, statusText: res.statusText, body: formatResponse(await res.text()) });
    } catch (err) {
      setProblem(`The request failed: ${(err as Error).message}`);
      setAnswer(null);
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="designer-page">
      <header className="designer-page__header">
        <h1>API tester</h1>
        <p className="muted">Calls this site's API as you: only paths under /api/ of this site, with your own session.</p>
      </header>
      <form className="card designer-form api-test-form" onSubmit={onSubmit} aria-label="API request">
        <div className="api-test-form__line">
          <select className="input" aria-label="Method" value={method} onChange={(e) => setMethod(e.target.value as Method)}>
            {METHODS.map((m) => (
              <option key={m} value={m}>{m}</option>
            ))}
          </select>
          <input className="input" aria-label="URL" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="/api/..." />
          <button type="submit" className="button button--primary" disabled={sending}>
            {sending ? 'Sending...' : 'Send'}
          </button>
        </div>
        <label className="field">
          <span className="field__label">JSON payload{hasBody(method) ? '' : ' (not sent with GET)'}</span>
          <textarea
            className="input api-test-form__payload"
            aria-label="Payload"
            rows={8}
            value={payload}
            disabled={!hasBody(method)}
            onChange={(e) => setPayload(e.target.value)}
            spellCheck={false}
          />
        </label>
        {problem && (
          <p className="designer-form__problem" role="alert">
            {problem}
          </p>
        )}
      </form>
      {answer && (
        <section className="card api-test-answer" aria-label="Response">
          <p className="api-test-answer__status">
            Status: <strong data-testid="api-status">{answer.status}</strong> {answer.statusText}
          </p>
          <pre className="schema-view" data-testid="api-response">
            {answer.body}
          </pre>
        </section>
      )}
    </div>
  );
}
