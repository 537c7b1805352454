import type { RebuildView } from '../projection-view';
import { ProgressBar } from './ProgressBar';

/** The progress of a read model's rebuild: running, waiting for a worker, or finished while this page watched. */
export function RebuildProgress({ name, view }: { name: string; view: RebuildView }) {
  const label = `Rebuild of ${name}`;
  switch (view.kind) {
    case 'idle':
      return null;
    case 'queued':
      return <ProgressBar label={label} value={0} text="Waiting for a worker..." />;
    case 'running':
      return <ProgressBar label={label} value={view.percent} text={`${view.percent}% (version ${view.version ?? '?'})`} />;
    case 'done':
      return <ProgressBar label={label} value={100} text={`Done: version ${view.version} is live`} />;
    default: {
      const never: never = view;
      return never;
    }
  }
}
