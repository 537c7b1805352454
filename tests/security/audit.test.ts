import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

interface AuditReport {
  metadata?: { vulnerabilities?: Record<string, number> };
  vulnerabilities?: Record<string, { severity: string; via: unknown[] }>;
  error?: { code?: string; summary?: string };
}

/** npm audit exits non-zero when it finds anything; its JSON says what. */
async function audit(): Promise<AuditReport> {
  try {
    const { stdout } = await run('npm', ['audit', '--omit=dev', '--json'], { cwd: new URL('../..', import.meta.url), timeout: 90_000 });
    return JSON.parse(stdout) as AuditReport;
  } catch (err) {
    const stdout = (err as { stdout?: string }).stdout ?? '';
    return stdout.trim() ? (JSON.parse(stdout) as AuditReport) : { error: { summary: (err as Error).message } };
  }
}

const severeOf = (report: AuditReport) =>
  Object.entries(report.vulnerabilities ?? {})
    .filter(([, v]) => v.severity === 'high' || v.severity === 'critical')
    .map(([name, v]) => `${name}: ${v.severity}`);

describe('dependencies', () => {
  it('npm audit --omit=dev reports no high or critical advisory', { timeout: 120_000 }, async (ctx) => {
    const report = await audit();
    // Some registries (this workplace's among them) refuse the audit endpoint: README, "Dependencies and audit".
    if (report.error || !report.metadata?.vulnerabilities) ctx.skip(`npm audit could not run here: ${report.error?.summary ?? 'no report'}`);
    expect(severeOf(report)).toEqual([]);
  });

  it('reads high and critical advisories out of an audit report', () => {
    const report: AuditReport = {
      metadata: { vulnerabilities: { high: 1, critical: 1, moderate: 1 } },
      vulnerabilities: { a: { severity: 'high', via: [] }, b: { severity: 'moderate', via: [] }, c: { severity: 'critical', via: [] } },
    };
    expect(severeOf(report)).toEqual(['a: high', 'c: critical']);
  });
});
