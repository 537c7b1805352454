import { useState } from 'react';

/** Copies a text (a secret, a link) to the clipboard and says so; says when the browser refused. */
export function CopyButton({ value, label = 'Copy' }: { value: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  // A page served over plain http from another host (not localhost) has no clipboard at all.
  const copy = () =>
    (navigator.clipboard ? navigator.clipboard.writeText(value) : Promise.reject(new Error('no clipboard'))).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  return (
    <button type="button" className="button button--small button--secondary" onClick={copy} aria-live="polite">
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed: select the text' : label}
    </button>
  );
}
