import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { ValidationError } from '../platform/errors.ts';

export interface UrlRules {
  production: boolean;
  allowPrivate: boolean;
  /** How a host name becomes addresses (default: the system resolver). */
  resolve?: (host: string) => Promise<string[]>;
}

const v4 = (ip: string) => ip.split('.').map(Number);

/** Loopback, private, link-local (cloud metadata lives there), unspecified, CGNAT, multicast and reserved addresses. */
export function isPrivateAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return isPrivateAddress(mapped[1]);
  if (isIP(ip) === 4) {
    const [a, b] = v4(ip);
    return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127) || a >= 224;
  }
  const low = ip.toLowerCase();
  return low === '::' || low === '::1' || /^f[cd]/.test(low) || /^fe[89ab]/.test(low) || low.startsWith('ff');
}

const systemResolve = async (host: string) => (await lookup(host, { all: true })).map((a) => a.address);

/**
 * Where a webhook may go: https in production (http elsewhere too); in production no address of the
 * host may be private, unless ALLOW_PRIVATE_WEBHOOK_URLS. Checked when an endpoint is added and
 * again before every delivery (a name may resolve elsewhere later).
 */
export async function checkWebhookUrl(raw: string, rules: UrlRules): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ValidationError('url: not a valid URL', 'url');
  }
  const schemes = rules.production ? ['https:'] : ['https:', 'http:'];
  if (!schemes.includes(url.protocol)) throw new ValidationError(`url: must start with ${rules.production ? 'https://' : 'https:// or http://'}`, 'url');
  if (url.username || url.password) throw new ValidationError('url: must not carry credentials', 'url');
  if (!rules.production || rules.allowPrivate) return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await (rules.resolve ?? systemResolve)(host);
  } catch {
    throw new ValidationError('url: the host name does not resolve', 'url');
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) throw new ValidationError('url: private, loopback and link-local addresses are refused', 'url');
  return url;
}
