import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { missingField, saveFailureMessage } from './save-message';

describe('saveFailureMessage', () => {
  it('names the duplicate field', () => {
    expect(saveFailureMessage(new ApiError(409, { type: 'duplicate', field: 'orgName', message: 'Duplicate entry: orgName' }, 'x'))).toBe('Duplicate entry: orgName');
  });

  it("shows the server's message when there is one", () => {
    expect(saveFailureMessage(new ApiError(400, { error: 'x', message: 'Name is required' }, 'x'))).toBe('Name is required');
    expect(saveFailureMessage(new ApiError(400, { error: 'Only an error' }, 'x'))).toBe('Only an error');
  });

  it('says Unexpected API error for an answer without a message', () => {
    expect(saveFailureMessage(new ApiError(502, '<html>Bad gateway</html>', 'x'))).toBe('Unexpected API error');
    expect(saveFailureMessage(new ApiError(500, undefined, 'x'))).toBe('Unexpected API error');
  });

  it('says Failed to save when the request never got an answer, Unknown error occurred for anything else', () => {
    expect(saveFailureMessage(new ApiError(0, undefined, 'Network error'))).toBe('Failed to save');
    expect(saveFailureMessage(new TypeError('boom'))).toBe('Failed to save');
    expect(saveFailureMessage('weird')).toBe('Unknown error occurred');
  });
});

describe('missingField', () => {
  it('says an empty organization name (or name) is missing instead of saving', () => {
    expect(missingField({ name: 'Ada', orgName: '   ' })).toBe('Organization name is required.');
    expect(missingField({ name: '', orgName: 'Acme' })).toBe('Name is required.');
  });

  it('lets a complete form through', () => {
    expect(missingField({ name: 'Ada', orgName: 'Acme' })).toBeNull();
  });
});
