import { useEffect, useState, type FormEvent } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { apiGet, apiPut, type ApiAnswer, type ApiBody } from '../lib/api-contract';
import { serverMessage } from '../lib/api';
import { useToast } from './Toast';
import './org-profile.css';

type Profile = ApiBody<'/api/me/org/profile', 'put'>;
type ProfileFields = Pick<ApiAnswer<'/api/me/org/profile'>, keyof Profile>;

const FIELDS: { name: keyof Profile; label: string; placeholder: string; long?: boolean }[] = [
  { name: 'industry', label: 'Industry', placeholder: 'Specialty coffee roasting' },
  { name: 'stage', label: 'Stage', placeholder: 'Growing: profitable, second year' },
  { name: 'size', label: 'Size', placeholder: '12 people, 1.2 M€ revenue' },
  { name: 'goals', label: 'Goals', placeholder: 'Open a second shop this year without new debt', long: true },
];

/** The organization's company profile (GET /api/me/org/profile): one cache for the organization's page and the board. */
export const orgProfileQueryOptions = () => queryOptions({ queryKey: ['me', 'org', 'profile'] as const, queryFn: () => apiGet('/api/me/org/profile') });

/** Whether the board has been told nothing about the business: every field empty. */
export const profileIsEmpty = (profile: ProfileFields) => FIELDS.every((f) => !profile[f.name].trim());

/** The anchor of the card on the organization's page. */
export const ORG_PROFILE_ANCHOR = 'company-profile';

/**
 * The organization's profile (industry, stage, size, goals), which every advisor of the board is
 * told. An owner edits it (the server refuses anyone else); every other member reads it.
 */
export function OrgProfileCard({ mayEdit }: { mayEdit: boolean }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const profile = useQuery(orgProfileQueryOptions());
  const save = useMutation({
    mutationFn: (body: Profile) => apiPut('/api/me/org/profile', { body }),
    onSuccess: (saved) => queryClient.setQueryData(orgProfileQueryOptions().queryKey, saved),
  });
  const [form, setForm] = useState<Profile>({ industry: '', stage: '', size: '', goals: '' });

  // A link to the card (`/org#company-profile`, from the board) lands on it once it is drawn.
  const { hash } = useLocation();
  const loaded = profile.data !== undefined;
  useEffect(() => {
    if (loaded && hash === `#${ORG_PROFILE_ANCHOR}`) document.getElementById(ORG_PROFILE_ANCHOR)?.scrollIntoView({ block: 'start' });
  }, [loaded, hash]);

  useEffect(() => {
    if (profile.data) setForm({ industry: profile.data.industry, stage: profile.data.stage, size: profile.data.size, goals: profile.data.goals });
  }, [profile.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(form, { onSuccess: () => toast.success('Company profile saved'), onError: (err) => toast.error(serverMessage(err, 'The company profile could not be saved')) });
  };

  const intro = <p className="muted">What the board knows about your business: every advisor is told it with each question.</p>;
  if (!mayEdit) {
    return (
      <section className="card org-profile" id={ORG_PROFILE_ANCHOR} aria-label="Company profile">
        <h2>Company profile</h2>
        {intro}
        {profile.data && (
          <dl className="org-profile__read">
            {FIELDS.map((f) => (
              <div key={f.name}>
                <dt>{f.label}</dt>
                <dd className={profile.data[f.name] ? undefined : 'muted'}>{profile.data[f.name] || 'Not given'}</dd>
              </div>
            ))}
          </dl>
        )}
        <p className="muted">Only an owner of the organization can change it.</p>
      </section>
    );
  }
  return (
    <form className="card org-profile" id={ORG_PROFILE_ANCHOR} onSubmit={submit} aria-label="Company profile">
      <h2>Company profile</h2>
      {intro}
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
