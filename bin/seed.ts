import { loadConfig } from '../services/platform/config.ts';
import { buildApi } from './compose.ts';
import { DEMO_ADMIN, seedDemo } from './demo-data.ts';
import { checkServices } from './preflight.ts';
import { prepareDatabase, startupReport } from './prepare-database.ts';

// The demo data of `npm start` on its own: roles, the demo admin with an organization, plans, advisors.
// Safe to run again. The read models are filled by a worker (`npm run worker`, or `npm start`).
const config = loadConfig({ ADMIN_EMAILS: DEMO_ADMIN.email, ...process.env });
await checkServices(config);
const prepared = await prepareDatabase(config);
const app = await buildApi(config);
const seeded = await seedDemo(app);
await app.close();
console.log(startupReport(prepared, seeded).join('\n'));
