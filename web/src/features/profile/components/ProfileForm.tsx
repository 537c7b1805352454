import { useState, type FormEvent } from 'react';
import { useToast } from '../../../components/Toast';
import { useUpdateProfile } from '../api/update-profile';
import { saveFailureMessage } from '../save-message';
import type { Profile } from '../types';

export function ProfileForm({ profile }: { profile: Profile }) {
  const toast = useToast();
  const save = useUpdateProfile();
  const [name, setName] = useState(profile.name);
  const [orgName, setOrgName] = useState(profile.organization?.name ?? '');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { name: name.trim(), orgName: orgName.trim() },
      { onSuccess: () => toast.success('Profile updated!'), onError: (err) => toast.error(saveFailureMessage(err)) },
    );
  };

  return (
    <form className="card profile-form" onSubmit={onSubmit}>
      <h2>Your details</h2>
      <label className="field">
        <span className="field__label">Name</span>
        <input className="input" name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="field">
        <span className="field__label">Organization name</span>
        <input className="input" name="orgName" autoComplete="organization" value={orgName} onChange={(e) => setOrgName(e.target.value)} />
      </label>
      {!profile.organization && <p className="muted profile-form__hint">Name your organization to start using the advisory board.</p>}
      <div>
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  );
}
