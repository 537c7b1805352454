import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, isPrivateAddress } from './urls.ts';

const prod = (resolved: string[], allowPrivate = false) => ({ production: true, allowPrivate, resolve: async () => resolved });

describe('webhook URLs', () => {
  it('classifies loopback, private, link-local and metadata addresses as private', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '0.0.0.0', '100.64.0.1', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1']) {
      expect({ ip, private: isPrivateAddress(ip) }).toEqual({ ip, private: true });
    }
    for (const ip of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111']) expect({ ip, private: isPrivateAddress(ip) }).toEqual({ ip, private: false });
  });

  it('wants https in production and refuses hosts that resolve to a private address, unless allowed', async () => {
    await expect(checkWebhookUrl('http://example.com/hook', prod(['93.184.216.34']))).rejects.toThrow(/https/);
    await expect(checkWebhookUrl('https://example.com/hook', prod(['93.184.216.34']))).resolves.toBeInstanceOf(URL);
    await expect(checkWebhookUrl('https://internal.example.com/hook', prod(['93.184.216.34', '10.0.0.5']))).rejects.toThrow(/private/);
    await expect(checkWebhookUrl('https://169.254.169.254/latest', prod([]))).rejects.toThrow(/private/);
    await expect(checkWebhookUrl('https://[::1]/x', prod([]))).rejects.toThrow(/private/);
    await expect(checkWebhookUrl('https://internal.example.com/hook', prod(['10.0.0.5'], true))).resolves.toBeInstanceOf(URL);
  });

  it('accepts http and local addresses outside production, never a non-URL or credentials', async () => {
    await expect(checkWebhookUrl('http://127.0.0.1:9999/hook', { production: false, allowPrivate: false })).resolves.toBeInstanceOf(URL);
    await expect(checkWebhookUrl('ftp://example.com', { production: false, allowPrivate: false })).rejects.toThrow(/http/);
    await expect(checkWebhookUrl('not a url', { production: false, allowPrivate: false })).rejects.toThrow(/valid/);
    await expect(checkWebhookUrl('https://u:p@example.com', { production: false, allowPrivate: false })).rejects.toThrow(/credentials/);
  });
});
