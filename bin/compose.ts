import type { FastifyInstance } from 'fastify';
import { connectReadModels } from '../projections/connect.ts';
import { buildApp, type BuildOptions } from '../services/http/app.ts';
import type { Config } from '../services/platform/config.ts';

/** The API as the entry points run it: the HTTP app with the read models connected. */
export function buildApi(config: Config, options: Omit<BuildOptions, 'connectReadModels'> = {}): Promise<FastifyInstance> {
  return buildApp(config, { ...options, connectReadModels });
}
