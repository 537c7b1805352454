/** One sample of a Prometheus text answer. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]] = l[2];
    samples.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return samples;
}

/** The sum of the samples of this name whose labels include these (0 when none). */
export const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((sum, s) => sum + s.value, 0);

export const has = (samples: Sample[], name: string) => samples.some((s) => s.name === name);

export async function scrape(url: string, token?: string): Promise<Sample[]> {
  const res = await fetch(`${url}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (res.status !== 200) throw new Error(`GET /metrics answered ${res.status}`);
  return parseMetrics(await res.text());
}
