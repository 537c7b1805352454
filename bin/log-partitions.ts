import pg from 'pg';
import { archiveEventPartition, ensureEventPartitions, listEventPartitions, restoreEventPartition } from '../services/eventstore/partitions.ts';
import { EVENT_PARTITIONS } from '../services/platform/jobs.ts';
import { loadConfig } from '../services/platform/config.ts';

/**
 * The log's monthly partitions: `npm run log:partitions -- list | ensure | archive <name> | restore <name>`.
 * Archiving detaches a month from the log into the `events_archive` schema (back it up, move it to
 * cheaper storage); loads, history, verification, exports and rebuilds still read it through event_log.
 */
const USAGE = 'usage: npm run log:partitions -- list | ensure | archive <partition> | restore <partition>';
const [command, name] = process.argv.slice(2);
const config = loadConfig();
const client = new pg.Client({ connectionString: config.DATABASE_URL });
await client.connect();
try {
  if (command === 'list' || command === undefined) {
    for (const p of await listEventPartitions(client)) {
      console.log(`${p.name.padEnd(24)} ${(p.archived ? 'archived' : 'in the log').padEnd(11)} ${String(p.events).padStart(10)} events  ${p.bounds ?? ''}`);
    }
  } else if (command === 'ensure') {
    console.log(`made ${await ensureEventPartitions(client, EVENT_PARTITIONS.monthsAhead)} partition(s)`);
  } else if ((command === 'archive' || command === 'restore') && name) {
    await (command === 'archive' ? archiveEventPartition : restoreEventPartition)(client, name);
    console.log(`${name}: ${command === 'archive' ? 'archived (events_archive)' : 'back in the log'}`);
  } else {
    console.error(USAGE);
    process.exitCode = 2;
  }
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await client.end();
}
