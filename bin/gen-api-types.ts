import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import openapiTS, { astToString } from 'openapi-typescript';
import { loadConfig } from '../services/platform/config.ts';
import { deleteRedisPrefix } from '../services/platform/redis.ts';
import { buildApp } from '../services/http/app.ts';
import { dropDatabase, ensureDatabase, migrate } from '../migrations/run.ts';

/** Where the web client's contract types live (committed; `npm run gen:api` rewrites them). */
export const API_TYPES_FILE = fileURLToPath(new URL('../web/src/lib/api-types.ts', import.meta.url));

const HEADER = `/**
 * Generated from the API's OpenAPI document (the zod route schemas) by \`npm run gen:api\`.
 * Do not edit by hand: change the route schema, then run \`npm run gen:api\`.
 */

`;

/** The TypeScript text of the contract types for the app's OpenAPI document. */
export async function apiTypesSource(app: FastifyInstance): Promise<string> {
  await app.ready();
  const document = app.swagger() as { paths?: Record<string, unknown> };
  // A route registered as '/' under a prefix is documented as '/api/x/'; the client calls '/api/x'.
  const paths = Object.fromEntries(Object.entries(document.paths ?? {}).map(([path, item]) => [path.replace(/(.)\/$/, '$1'), item]));
  const ast = await openapiTS({ ...document, paths } as Parameters<typeof openapiTS>[0], { alphabetize: true });
  return HEADER + astToString(ast);
}

/** Builds the app on a throwaway database and writes the generated types. */
async function main(): Promise<void> {
  const base = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/advisory_board');
  const name = `ab_gen_api_${randomBytes(4).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(base), { pathname: `/${name}` }).toString();
  await ensureDatabase(databaseUrl);
  try {
    await migrate(databaseUrl);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      REDIS_URL: process.env.REDIS_URL,
      REDIS_PREFIX: name,
      LOG_LEVEL: 'silent',
      SERVE_WEB: '0',
      DB_POOL_MAX: '2',
    });
    const app = await buildApp(config);
    try {
      await writeFile(API_TYPES_FILE, await apiTypesSource(app));
    } finally {
      await app.close();
    }
  } finally {
    await dropDatabase(databaseUrl);
    await deleteRedisPrefix(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', name);
  }
  console.log(`wrote ${API_TYPES_FILE}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
