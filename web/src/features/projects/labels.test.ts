import { describe, expect, it } from 'vitest';
import { fieldLabel } from './labels';

describe('fieldLabel', () => {
  it('reads camelCase, snake_case, kebab-case and title case alike, in sentence case', () => {
    for (const name of ['earlyWarning', 'early_warning', 'early-warning', 'Early Warning', 'EARLY_WARNING']) {
      expect(fieldLabel(name), name).toBe(name === 'EARLY_WARNING' ? 'EARLY WARNING' : 'Early warning');
    }
    expect(fieldLabel('verdict')).toBe('Verdict');
    expect(fieldLabel('ROI estimate')).toBe('ROI estimate');
    expect(fieldLabel('actionItems')).toBe('Action items');
  });
});
