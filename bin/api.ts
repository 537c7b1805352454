import { loadConfig } from '../services/platform/config.ts';
import { listenOptions } from '../services/http/app.ts';
import { checkServices } from './preflight.ts';
import { buildApi } from './compose.ts';
import { supervise } from './process.ts';

const config = loadConfig();
await checkServices(config);
const app = await buildApi(config);
supervise(() => app.close(), (msg, err) => app.log.error({ err }, msg));
await app.listen(listenOptions(config));
