import { inspect } from 'node:util';
import OpenAI from 'openai';
import type { Logger, LogLevel } from 'openai/client';
import { scrub } from './errors.ts';
import type { LlmSettings } from './settings.ts';

export interface LlmClient {
  openai: OpenAI;
  settings: LlmSettings;
}

/** The SDK wants a credential; for servers that ask for none we send no Authorization header at all. */
const NO_KEY = 'no-key';

/**
 * The SDK masks the Authorization header in what it logs, but logs what the provider sent as it
 * came (an unreadable stream's data, error bodies): anything the provider echoes would reach the
 * log. Every argument is turned into text and scrubbed of the key first.
 */
function scrubbingLogger(logger: Logger, secret: string | null): Logger {
  const clean = (message: string, rest: unknown[]): [string, ...string[]] => [
    scrub(message, secret),
    ...rest.map((a) => scrub(typeof a === 'string' ? a : inspect(a, { depth: 6, breakLength: Infinity }), secret)),
  ];
  return {
    error: (message, ...rest) => logger.error(...clean(message, rest)),
    warn: (message, ...rest) => logger.warn(...clean(message, rest)),
    info: (message, ...rest) => logger.info(...clean(message, rest)),
    debug: (message, ...rest) => logger.debug(...clean(message, rest)),
  };
}

/**
 * One client per process. Retries are ours (see call.ts), so the SDK's are off: the two would
 * multiply. The SDK logs through `logger` (warnings and up unless `logLevel` says otherwise),
 * scrubbed of the key.
 */
export function createLlmClient(settings: LlmSettings, options: { logger?: Logger; logLevel?: LogLevel } = {}): LlmClient {
  const openai = new OpenAI({
    baseURL: settings.baseURL,
    apiKey: settings.apiKey ?? NO_KEY,
    organization: null,
    project: null,
    maxRetries: 0,
    timeout: settings.timeoutMs,
    logger: options.logger && scrubbingLogger(options.logger, settings.apiKey),
    logLevel: options.logger ? (options.logLevel ?? 'warn') : 'off',
    ...(settings.apiKey ? {} : { defaultHeaders: { Authorization: null } }),
  });
  return { openai, settings };
}
