import { loadConfig } from '../services/platform/config.ts';
import { checkServices } from './preflight.ts';
import { prepareDatabase } from './prepare-database.ts';

const config = loadConfig();
await checkServices(config);
await prepareDatabase(config, console.log);
console.log('migrations applied');
