import { useRuntimeConfig } from '../lib/runtime-config';
import { BuiltInContactForm } from './BuiltInContactForm';
import { ExternalContactForm } from './ExternalContactForm';
import './contact-form.css';

/** The contact form of /contact and /support: the deployment's external form when configured, else our own. */
export function ContactForm() {
  const { config, isPending } = useRuntimeConfig();
  return (
    <section className="card contact-card">
      {isPending ? (
        <p className="muted">Loading the contact form...</p>
      ) : config.contactFormScriptUrl ? (
        <ExternalContactForm src={config.contactFormScriptUrl} />
      ) : (
        <BuiltInContactForm />
      )}
    </section>
  );
}
