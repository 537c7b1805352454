import { loadConfig } from '../config.ts';
import { checkServices } from '../preflight.ts';
import { buildApp } from './app.ts';

const config = loadConfig();
await checkServices(config);
const app = await buildApp(config);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().finally(() => process.exit(0));
  });
}
await app.listen({ host: config.HOST, port: config.PORT });
