import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from './processes.ts';

/** Whether Debian's nginx is installed (the proxy test skips, saying so, when it is not). */
export const haveNginx = () => spawnSync('nginx', ['-v']).status === 0;

/**
 * The shipped proxy configuration (deploy/nginx/default.conf.template, as the nginx image fills it
 * from the environment) run by the test's own nginx on `port`, in a folder of its own.
 */
export async function startNginx(port: number, vars: Record<string, string>): Promise<{ pid: number; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'nginx-'));
  // Started as root, nginx's workers run as nobody: they write request bodies over 16 KB to body/.
  chmodSync(dir, 0o755);
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(dir, sub));
    chmodSync(join(dir, sub), 0o777);
  }
  const template = readFileSync(new URL('../../deploy/nginx/default.conf.template', import.meta.url), 'utf8');
  writeFileSync(join(dir, 'default.conf'), template.replace(/\$\{(\w+)\}/g, (_, name: string) => vars[name] ?? `\${${name}}`));
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off; worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/error.log warn;
events {}
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  include ${dir}/default.conf;
}
`,
  );
  const child = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  const errors: string[] = [];
  child.stderr!.on('data', (d) => errors.push(String(d)));
  await waitFor('nginx to listen', async () => {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${errors.join('')}${readFileSync(join(dir, 'error.log'), 'utf8')}`);
    await fetch(`http://127.0.0.1:${port}/`);
    return true;
  });
  return {
    pid: child.pid!,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
