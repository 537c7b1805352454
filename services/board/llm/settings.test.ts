import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.ts';
import { llmSettings } from './settings.ts';

describe('model provider settings', () => {
  it('has no provider without LLM_BASE_URL, and defaults for the rest', () => {
    const config = loadConfig({});
    expect(config.LLM_BASE_URL).toBeUndefined();
    expect(llmSettings(config)).toBeNull();
    expect(config).toMatchObject({ LLM_TIMEOUT_MS: 60_000, LLM_MAX_RETRIES: 3, LLM_MAX_OUTPUT_TOKENS: 1024 });
  });

  it('builds the settings from the variables; the key is optional for local servers', () => {
    const local = llmSettings(loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_MAX_RETRIES: '0' }));
    expect(local).toMatchObject({ baseURL: 'http://127.0.0.1:11434/v1', apiKey: null, maxRetries: 0 });
    expect(llmSettings(loadConfig({ LLM_BASE_URL: 'https://api.openai.com/v1', LLM_API_KEY: 'sk-x' }))?.apiKey).toBe('sk-x');
  });

  it('refuses a base URL that is not http(s) and limits out of range, naming the variable', () => {
    expect(() => loadConfig({ LLM_BASE_URL: 'localhost:11434' })).toThrow(/LLM_BASE_URL/);
    expect(() => loadConfig({ LLM_BASE_URL: 'ftp://models.example.com' })).toThrow(/LLM_BASE_URL/);
    expect(() => loadConfig({ LLM_TIMEOUT_MS: '5' })).toThrow(/LLM_TIMEOUT_MS/);
    expect(() => loadConfig({ LLM_MAX_RETRIES: '-1' })).toThrow(/LLM_MAX_RETRIES/);
    expect(() => loadConfig({ LLM_MAX_OUTPUT_TOKENS: 'lots' })).toThrow(/LLM_MAX_OUTPUT_TOKENS/);
  });
});
