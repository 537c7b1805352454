import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loadState } from '../eventstore/command-handler.ts';
import { sessionDecider } from './decider.ts';
import { sessionStreamId, type SessionState } from './events.ts';
import { sessionView } from './view.ts';

/** How often the stream is read again, for answers written by another process. */
const POLL_MS = 1000;
const HEARTBEAT_MS = 15_000;

/**
 * Server-sent events of one session: `session` (the whole session, as GET answers it) at once and
 * whenever an answer is recorded, `delta` ({turn, round, assistantId, text}) for each piece of an answer
 * as it is written in this process; the stream ends once the session is done.
 */
export async function streamSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, first: SessionState): Promise<void> {
  const sessionId = first.sessionId!;
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  let closed = false;
  let last = '';
  const send = (event: string, data: unknown) => {
    if (!closed) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  const finish = () => {
    if (closed) return;
    closed = true;
    unsubscribe();
    clearInterval(poll);
    clearInterval(heartbeat);
    app.board.closing.removeEventListener('abort', finish);
    res.end();
  };
  const show = (state: SessionState) => {
    const view = JSON.stringify(sessionView(state, app.board.live));
    if (view !== last) {
      last = view;
      if (!closed) res.write(`event: session\ndata: ${view}\n\n`);
    }
    if (state.status === 'done') finish();
  };
  let reading = false;
  const refresh = async () => {
    if (closed || reading) return;
    reading = true;
    try {
      show(await loadState(app.store, sessionDecider, sessionStreamId(sessionId)));
    } catch (err) {
      request.log.warn({ err }, 'session stream: could not read the session');
    } finally {
      reading = false;
    }
  };
  const unsubscribe = app.board.live.subscribe(sessionId, (event) => {
    if (event.type === 'delta') send('delta', { turn: event.turn, round: event.round, assistantId: event.assistantId, text: event.text });
    else void refresh();
  });
  const poll = setInterval(() => void refresh(), POLL_MS);
  const heartbeat = setInterval(() => !closed && res.write(': keep-alive\n\n'), HEARTBEAT_MS);
  request.raw.on('close', finish);
  app.board.closing.addEventListener('abort', finish, { once: true });
  show(first);
}
