import { useEffect, useState, type FormEvent } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPut, type ApiBody } from '../lib/api-contract';
import { serverMessage } from '../lib/api';
import { useToast } from './Toast';
import './org-profile.css';

type Profile = ApiBody<'/api/me/org/profile', 'put'>;
const key = ['me', 'org', 'profile'] as const;

const FIELDS: { name: keyof Profile; label: string; placeholder: string; long?: boolean }[] = [
  { name: 'industry', label: 'Industry', placeholder: 'Specialty coffee roasting' },
  { name: 'stage', label: 'Stage', placeholder: 'Growing: profitable, second year' },
  { name: 'size', label: 'Size', placeholder: '12 people, 1.2 M€ revenue' },
  { name: 'goals', label: 'Goals', placeholder: 'Open a second shop this year without new debt', long: true },
];

/**
 * The organization's profile (industry, stage, size, goals), which every advisor of the board is
 * told. A shared widget: the organization's page mounts it (and /profile until that page exists).
 */
export function OrgProfileCard() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const profile = useQuery(queryOptions({ queryKey: key, queryFn: () => apiGet('/api/me/org/profile') }));
  const save = useMutation({ mutationFn: (body: Profile) => apiPut('/api/me/org/profile', { body }), onSuccess: (saved) => queryClient.setQueryData(key, saved) });
  const [form, setForm] = useState<Profile>({ industry: '', stage: '', size: '', goals: '' });

  useEffect(() => {
    if (profile.data) setForm({ industry: profile.data.industry, stage: profile.data.stage, size: profile.data.size, goals: profile.data.goals });
  }, [profile.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(form, { onSuccess: () => toast.success('Company profile saved'), onError: (err) => toast.error(serverMessage(err, 'The company profile could not be saved')) });
  };

  return (
    <form className="card org-profile" onSubmit={submit} aria-label="Company profile">
      <h2>Company profile</h2>
      <p className="muted">What the board knows about your business: every advisor is told it with each question.</p>
      {FIELDS.map((f) => (
        <label key={f.name} className="field">
          <span className="field__label">{f.label}</span>
          {f.long ? (
            <textarea className="input" rows={3} maxLength={2000} value={form[f.name]} placeholder={f.placeholder} onChange={(e) => setForm({ ...form, [f.name]: e.target.value })} />
          ) : (
            <input className="input" maxLength={120} value={form[f.name]} placeholder={f.placeholder} onChange={(e) => setForm({ ...form, [f.name]: e.target.value })} />
          )}
        </label>
      ))}
      <button type="submit" className="button button--primary" disabled={save.isPending || profile.isPending}>
        {save.isPending ? 'Saving...' : 'Save company profile'}
      </button>
    </form>
  );
}
