import { ensureDatabase, migrate } from '../migrations/run.ts';
import { ensureProjections } from '../projections/projector.ts';
import { startWorkers } from '../workers/main.ts';
import { loadConfig } from './config.ts';
import { buildApp } from './http/app.ts';
import { checkServices } from './preflight.ts';
import { DEMO_ADMIN, seedDemo } from './seed.ts';
import { createPool } from './http/plugins/db.ts';

// One machine: the demo turns on the dev sign-in and active new accounts unless the environment says otherwise.
const env = {
  DEV_LOGIN: '1',
  NEW_ACCOUNTS_ACTIVE: '1',
  ADMIN_EMAILS: DEMO_ADMIN.email,
  ...Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== undefined && v !== '')),
};
const config = loadConfig(env);
await checkServices(config);
await ensureDatabase(config.DATABASE_URL);
await migrate(config.DATABASE_URL);
const pool = createPool(config.DATABASE_URL, 2);
await ensureProjections(pool);
await pool.end();

const workers = await startWorkers(config);
const app = await buildApp(config);
await seedDemo(app);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    Promise.all([app.close(), workers.close()]).finally(() => process.exit(0));
  });
}
await app.listen({ host: config.HOST, port: config.PORT });
const url = config.APP_URL ?? `http://localhost:${config.PORT}`;
console.log(`\n  Advisory board is running at ${url}\n  Demo admin: sign in at ${url}/login as ${DEMO_ADMIN.email}\n`);
