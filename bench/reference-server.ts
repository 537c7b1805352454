// The HTTP references: a bare Fastify hello-world route, and one doing a single SELECT 1 through a pg pool.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
app.get('/select1', async () => (await pool.query('SELECT 1 AS one')).rows[0]);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
