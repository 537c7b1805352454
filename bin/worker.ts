import { loadConfig } from '../services/platform/config.ts';
import { startWorkers } from '../workers/main.ts';
import { checkServices } from './preflight.ts';
import { stderrLog, supervise } from './process.ts';

const config = loadConfig();
await checkServices(config);
const running = await startWorkers(config);
supervise(() => running.close(), stderrLog('workers'));
