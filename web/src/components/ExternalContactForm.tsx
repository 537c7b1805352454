import { useEffect, useState } from 'react';

type FormState = 'loading' | 'loaded' | 'failed';

const scriptId = 'contact-form-script';
const loadTimeoutMs = 8000;

function useExternalScript(src: string, container: string): FormState {
  const [state, setState] = useState<FormState>('loading');

  useEffect(() => {
    const existing = document.getElementById(scriptId) as HTMLScriptElement | null;
    if (existing?.dataset.state === 'loaded') {
      setState('loaded');
      return;
    }
    const script = existing ?? Object.assign(document.createElement('script'), { id: scriptId, src, async: true });
    const onLoad = () => {
      script.dataset.state = 'loaded';
      setState('loaded');
    };
    const onError = () => {
      script.dataset.state = 'failed';
      setState('failed');
    };
    script.addEventListener('load', onLoad);
    script.addEventListener('error', onError);
    if (!existing) document.getElementById(container)?.appendChild(script);
    else if (existing.dataset.state === 'failed') setState('failed');
    const timer = window.setTimeout(() => setState((s) => (s === 'loading' ? 'failed' : s)), loadTimeoutMs);
    return () => {
      window.clearTimeout(timer);
      script.removeEventListener('load', onLoad);
      script.removeEventListener('error', onError);
    };
  }, [src, container]);

  return state;
}

/** The third-party contact form (spec: /contact), embedded by its script when a deployment configures one. */
export function ExternalContactForm({ src }: { src: string }) {
  const state = useExternalScript(src, 'contact-form');
  return (
    <>
      <div id="contact-form" className="contact-form" />
      {state === 'loading' && <p className="muted">Loading the contact form...</p>}
      {state === 'failed' && (
        <p className="contact-fallback">The contact form could not be loaded right now. Please check your connection and try again later.</p>
      )}
    </>
  );
}
