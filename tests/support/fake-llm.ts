import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenAI-compatible server for `POST /v1/chat/completions` with `stream: true`, scripted
 * per model name: each request for a model takes the next behaviour of that model's queue (a
 * model with nothing left is answered 400, which names it). It records every request.
 */
export type Usage = { prompt_tokens: number; completion_tokens: number } | null;

export type Behaviour =
  /** Streams the pieces (one chunk each), then the usage chunk when asked for (null: never). */
  | { type: 'text'; pieces: string[]; usage?: Usage; model?: string; finishReason?: string; /** Between pieces (default none). */ delayMs?: number }
  /** Streams JSON.stringify(value) in a few pieces. */
  | { type: 'json'; value: unknown; usage?: Usage }
  /** Streams function calls (id, name, arguments in two pieces), finish_reason tool_calls. */
  | { type: 'tool_calls'; calls: { name: string; arguments?: string }[]; text?: string; usage?: Usage }
  /** Answers with this status, headers and JSON body, nothing streamed. */
  | { type: 'status'; status: number; headers?: Record<string, string>; body?: unknown; echoAuthorization?: boolean }
  /** Never answers: no headers, no body. */
  | { type: 'hang' }
  /** Streams the pieces, then sends nothing more and keeps the connection open. */
  | { type: 'stall'; pieces: string[] }
  /** Streams the pieces, then a data line that is not JSON. */
  | { type: 'malformed'; pieces?: string[]; raw?: string }
  /** Streams the pieces and [DONE] without a finish reason: an answer cut short. */
  | { type: 'truncated'; pieces: string[] }
  /** Streams the pieces, then destroys the socket. */
  | { type: 'drop'; pieces: string[] }
  /** Streams the pieces, then an error event (`data: {"error": …}`). */
  | { type: 'stream_error'; pieces?: string[]; message: string };

export interface RecordedRequest {
  model: string;
  body: Record<string, any>;
  headers: IncomingMessage['headers'];
  /** Date.now() when the request arrived. */
  at: number;
}

export interface FakeLlm {
  /** Base URL for the client, ending in /v1. */
  url: string;
  script(model: string, ...behaviours: Behaviour[]): void;
  requests: RecordedRequest[];
  requestsFor(model: string): RecordedRequest[];
  close(): Promise<void>;
}

let chunkNo = 0;

function sse(res: ServerResponse, data: unknown) {
  res.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
}

function chunk(model: string, delta: Record<string, unknown>, finish: string | null = null, usage = false) {
  return {
    id: `chatcmpl-fake-${++chunkNo}`,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
    ...(usage ? { usage: null } : {}),
  };
}

function defaultUsage(body: Record<string, any>, output: string): Usage {
  return { prompt_tokens: Math.ceil(JSON.stringify(body.messages ?? []).length / 4), completion_tokens: Math.max(1, Math.ceil(output.length / 4)) };
}

function startStream(res: ServerResponse) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
}

/** Text pieces, then the finish reason, the usage chunk (when asked for) and [DONE]. */
async function streamAnswer(
  res: ServerResponse,
  req: RecordedRequest,
  pieces: string[],
  opts: { usage?: Usage; finish?: string; model?: string; toolCalls?: Behaviour & { type: 'tool_calls' }; delayMs?: number },
) {
  const model = opts.model ?? req.model;
  const withUsage = req.body.stream_options?.include_usage === true;
  startStream(res);
  sse(res, chunk(model, { role: 'assistant', content: '' }, null, withUsage));
  for (const piece of pieces) {
    if (opts.delayMs) await new Promise((resolve) => setTimeout(resolve, opts.delayMs));
    sse(res, chunk(model, { content: piece }, null, withUsage));
  }
  let output = pieces.join('');
  opts.toolCalls?.calls.forEach((call, index) => {
    const args = call.arguments ?? '{}';
    const half = Math.floor(args.length / 2);
    sse(res, chunk(model, { tool_calls: [{ index, id: `call_fake_${chunkNo}_${index}`, type: 'function', function: { name: call.name, arguments: '' } }] }, null, withUsage));
    sse(res, chunk(model, { tool_calls: [{ index, function: { arguments: args.slice(0, half) } }] }, null, withUsage));
    sse(res, chunk(model, { tool_calls: [{ index, function: { arguments: args.slice(half) } }] }, null, withUsage));
    output += call.name + args;
  });
  sse(res, chunk(model, {}, opts.finish ?? (opts.toolCalls ? 'tool_calls' : 'stop'), withUsage));
  const usage = opts.usage === undefined ? defaultUsage(req.body, output) : opts.usage;
  if (withUsage && usage) {
    sse(res, { id: `chatcmpl-fake-${++chunkNo}`, object: 'chat.completion.chunk', created: 0, model, choices: [], usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } });
  }
  sse(res, '[DONE]');
  res.end();
}

function piecesOf(text: string): string[] {
  const size = Math.max(1, Math.ceil(text.length / 3));
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

function startPieces(res: ServerResponse, req: RecordedRequest, pieces: string[]) {
  startStream(res);
  for (const piece of pieces) sse(res, chunk(req.model, { content: piece }));
}

function respond(behaviour: Behaviour, req: RecordedRequest, res: ServerResponse) {
  switch (behaviour.type) {
    case 'text':
      return void streamAnswer(res, req, behaviour.pieces, { usage: behaviour.usage, finish: behaviour.finishReason, model: behaviour.model, delayMs: behaviour.delayMs });
    case 'json':
      return void streamAnswer(res, req, piecesOf(JSON.stringify(behaviour.value)), { usage: behaviour.usage });
    case 'tool_calls':
      return void streamAnswer(res, req, behaviour.text ? [behaviour.text] : [], { usage: behaviour.usage, toolCalls: behaviour });
    case 'status': {
      const auth = String(req.headers.authorization ?? '');
      const body = behaviour.echoAuthorization ? { error: { message: `Incorrect API key provided: ${auth}`, type: 'invalid_request_error' } } : (behaviour.body ?? { error: { message: `status ${behaviour.status}` } });
      res.writeHead(behaviour.status, { 'content-type': 'application/json', ...behaviour.headers });
      return res.end(JSON.stringify(body));
    }
    case 'hang':
      return;
    case 'stall':
      return startPieces(res, req, behaviour.pieces);
    case 'malformed':
      startPieces(res, req, behaviour.pieces ?? []);
      sse(res, behaviour.raw ?? '{"choices": [ this is not json');
      return res.end();
    case 'truncated':
      startPieces(res, req, behaviour.pieces);
      sse(res, '[DONE]');
      return res.end();
    case 'drop':
      startPieces(res, req, behaviour.pieces);
      return setTimeout(() => res.socket?.destroy(), 20);
    case 'stream_error':
      startPieces(res, req, behaviour.pieces ?? []);
      sse(res, { error: { message: behaviour.message, type: 'server_error' } });
      return res.end();
  }
}

export async function startFakeLlm(): Promise<FakeLlm> {
  const queues = new Map<string, Behaviour[]>();
  const requests: RecordedRequest[] = [];
  const server = createServer(async (req, res) => {
    const raw: Buffer[] = [];
    for await (const part of req) raw.push(part as Buffer);
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: { message: `fake-llm: no route ${req.method} ${req.url}` } }));
    }
    const body = JSON.parse(Buffer.concat(raw).toString('utf8') || '{}');
    const recorded: RecordedRequest = { model: String(body.model), body, headers: req.headers, at: Date.now() };
    requests.push(recorded);
    const next = queues.get(recorded.model)?.shift();
    if (!next) {
      res.writeHead(400, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: { message: `fake-llm: nothing scripted for model ${recorded.model}` } }));
    }
    if (body.stream !== true) {
      res.writeHead(400, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: { message: 'fake-llm: only streamed requests are scripted' } }));
    }
    respond(next, recorded, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    script: (model, ...behaviours) => queues.set(model, [...(queues.get(model) ?? []), ...behaviours]),
    requests,
    requestsFor: (model) => requests.filter((r) => r.model === model),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
