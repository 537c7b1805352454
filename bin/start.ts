import { startWorkers } from '../workers/main.ts';
import { loadConfig } from '../services/platform/config.ts';
import { buildApi } from './compose.ts';
import { listenOptions } from '../services/http/app.ts';
import { supervise } from './process.ts';
import { checkServices } from './preflight.ts';
import { prepareDatabase, startupReport } from './prepare-database.ts';
import { DEMO_ADMIN, seedDemo } from './demo-data.ts';
import { ensureSystemRoles } from '../services/auth/accounts.ts';

// Everything on one machine. Outside production it is the demo: the dev sign-in, active new accounts
// and the demo data, unless the environment says otherwise. In production only what the environment says.
const production = process.env.NODE_ENV === 'production';
const demo = production ? {} : { DEV_LOGIN: '1', NEW_ACCOUNTS_ACTIVE: '1', ADMIN_EMAILS: DEMO_ADMIN.email };
const config = loadConfig({ ...demo, ...Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== undefined && v !== '')) });
await checkServices(config);
const prepared = await prepareDatabase(config);

const workers = await startWorkers(config);
const app = await buildApi(config);
let seeded: string[] | null = null;
if (production) await ensureSystemRoles(app);
else seeded = await seedDemo(app);
supervise(() => Promise.all([app.close(), workers.close()]), (msg, err) => app.log.error({ err }, msg));
await app.listen(listenOptions(config));
const url = config.APP_URL ?? `http://localhost:${config.PORT}`;
const report = startupReport(prepared, seeded).map((line) => `  ${line}\n`).join('');
console.log(`\n${report}\n  Advisory board is running at ${url}${production ? '' : `\n  Demo admin: sign in at ${url}/login as ${DEMO_ADMIN.email}`}\n`);
