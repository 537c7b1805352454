import { describe, expect, it } from 'vitest';
import { formatSeconds, percent, rebuildView, shouldPollFast, watchLimitMs } from './projection-view';
import type { ProjectionStatus } from './types';

const row = (over: Partial<ProjectionStatus> = {}): ProjectionStatus => ({
  name: 'ledger',
  version: 1,
  position: 10,
  headPosition: 10,
  lag: 0,
  lagSeconds: 0,
  status: 'live',
  progress: 1,
  lastError: null,
  rebuildingVersion: null,
  oldestOpenTransactionSeconds: 0,
  ...over,
});

describe('rebuildView', () => {
  it('shows a running rebuild with its percentage, whoever started it', () => {
    expect(rebuildView(row({ status: 'rebuilding', progress: 0.426, rebuildingVersion: 2 }), undefined)).toEqual({
      kind: 'running',
      percent: 43,
      version: 2,
    });
  });

  it('shows a requested rebuild as queued until a worker starts it, and done once a newer version serves', () => {
    const watched = { fromVersion: 1, since: 0 };
    expect(rebuildView(row(), watched)).toEqual({ kind: 'queued' });
    expect(rebuildView(row({ version: 2 }), watched)).toEqual({ kind: 'done', version: 2 });
    expect(rebuildView(row({ version: 2 }), undefined)).toEqual({ kind: 'idle' });
  });

  it('does not call a failed read model queued', () => {
    expect(rebuildView(row({ status: 'failed', lastError: 'boom' }), { fromVersion: 1, since: 0 })).toEqual({ kind: 'idle' });
  });
});

describe('shouldPollFast', () => {
  it('polls while any read model rebuilds', () => {
    expect(shouldPollFast([row({ name: 'orgs' }), row({ status: 'rebuilding', progress: 0.1 })], {}, 0)).toBe(true);
    expect(shouldPollFast([row(), row({ name: 'orgs' })], {}, 0)).toBe(false);
  });

  it('polls for a requested rebuild until it is done, or until the watch runs out', () => {
    const watched = { ledger: { fromVersion: 1, since: 1000 } };
    expect(shouldPollFast([row()], watched, 2000)).toBe(true);
    expect(shouldPollFast([row()], watched, 1000 + watchLimitMs)).toBe(false);
    expect(shouldPollFast([row({ version: 2 })], watched, 2000)).toBe(false);
  });
});

describe('formatting', () => {
  it('clamps progress to whole percents', () => {
    expect(percent(0)).toBe(0);
    expect(percent(0.999)).toBe(100);
    expect(percent(1.5)).toBe(100);
  });

  it('writes seconds, minutes and hours', () => {
    expect(formatSeconds(0)).toBe('0.0 s');
    expect(formatSeconds(2.345)).toBe('2.3 s');
    expect(formatSeconds(42.6)).toBe('43 s');
    expect(formatSeconds(125)).toBe('2 min 5 s');
    expect(formatSeconds(7260)).toBe('2 h 1 min');
  });
});
