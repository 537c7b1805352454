import type { ProjectionStatus, WatchedRebuild } from './types';

/** How long the page keeps polling for a requested rebuild that no worker has started. */
export const watchLimitMs = 120_000;

export type RebuildView =
  | { kind: 'idle' }
  | { kind: 'queued' }
  | { kind: 'running'; percent: number; version: number | null }
  | { kind: 'done'; version: number };

export const percent = (progress: number) => Math.max(0, Math.min(100, Math.round(progress * 100)));

/** What the rebuild column of one read model shows, given the rebuild this page asked for (if any). */
export function rebuildView(row: ProjectionStatus, watched: WatchedRebuild | undefined): RebuildView {
  if (row.status === 'rebuilding') return { kind: 'running', percent: percent(row.progress), version: row.rebuildingVersion };
  if (!watched) return { kind: 'idle' };
  if (row.version > watched.fromVersion) return { kind: 'done', version: row.version };
  return row.status === 'failed' ? { kind: 'idle' } : { kind: 'queued' };
}

/** Poll every second while a rebuild runs or one this page asked for has not finished yet. */
export function shouldPollFast(rows: readonly ProjectionStatus[], watched: Record<string, WatchedRebuild>, now: number): boolean {
  return rows.some((row) => {
    const view = rebuildView(row, watched[row.name]);
    return view.kind === 'running' || (view.kind === 'queued' && now - watched[row.name].since < watchLimitMs);
  });
}

export function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${Math.round(seconds % 60)} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
