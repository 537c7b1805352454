import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { serverMessage } from '../lib/api';
import { useAuth } from '../lib/auth/hooks';
import { apiPost, type ApiBody } from '../lib/api-contract';

/** Name, email and message, stored by our own API (POST /api/contact) when no external form is configured. */
export function BuiltInContactForm() {
  const { user } = useAuth();
  const [name, setName] = useState(user?.name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [message, setMessage] = useState('');
  const send = useMutation({ mutationFn: (body: ApiBody<'/api/contact', 'post'>) => apiPost('/api/contact', { body }) });

  if (send.isSuccess) {
    return (
      <div className="contact-thanks" role="status">
        <h2>Thank you for your message!</h2>
        <p>We have received it and will get back to you at {send.variables.email}.</p>
      </div>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate({ name: name.trim(), email: email.trim(), message: message.trim() });
  };

  return (
    <form className="contact-builtin" onSubmit={onSubmit} aria-label="Contact form">
      <label className="field">
        <span className="field__label">Name</span>
        <input className="input" name="name" autoComplete="name" required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="field">
        <span className="field__label">Email</span>
        <input className="input" name="email" type="email" autoComplete="email" required maxLength={254} value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <label className="field">
        <span className="field__label">Message</span>
        <textarea className="input" name="message" rows={6} required maxLength={5000} value={message} onChange={(e) => setMessage(e.target.value)} />
      </label>
      {send.isError && (
        <p className="form-error" role="alert">
          {serverMessage(send.error, 'Your message could not be sent. Please try again.')}
        </p>
      )}
      <div>
        <button type="submit" className="button button--primary" disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send message'}
        </button>
      </div>
    </form>
  );
}
