import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useToast } from '../../../components/Toast';
import { safeRedirect } from '../../../lib/auth/redirects';
import { useUpdateProfile } from '../api/update-profile';
import { missingField, saveFailureMessage } from '../save-message';
import type { Profile } from '../types';

export function ProfileForm({ profile }: { profile: Profile }) {
  const toast = useToast();
  const save = useUpdateProfile();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const [name, setName] = useState(profile.name);
  const [orgName, setOrgName] = useState(profile.organization?.name ?? '');
  const [missing, setMissing] = useState<string | null>(null);
  // Only an owner renames the organization (the server refuses anyone else); without one, the name creates it.
  const mayRename = !profile.organization || profile.organization.role === 'owner';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = { name: name.trim(), orgName: orgName.trim() };
    const problem = missingField(input);
    setMissing(problem);
    if (problem) {
      toast.warning(problem);
      return;
    }
    // mutateAsync, not mutate's callbacks: the refetch that follows a save can remount this form (its key is the
    // organization's id, new once the first save creates it), and callbacks of an unmounted mutate never run.
    save.mutateAsync(input).then(
      () => {
        toast.success('Profile updated!');
        // Back to where the person was going before they were asked to name their organization.
        if (redirect) navigate(redirect, { replace: true });
      },
      (err: unknown) => toast.error(saveFailureMessage(err)),
    );
  };

  return (
    <form className="card profile-form" onSubmit={onSubmit} noValidate>
      <h2>Your details</h2>
      <label className="field">
        <span className="field__label">Name</span>
        <input
          className="input"
          name="name"
          autoComplete="name"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setMissing(null);
          }}
        />
      </label>
      <label className="field">
        <span className="field__label">Organization name</span>
        <input
          className="input"
          name="orgName"
          autoComplete="organization"
          aria-invalid={missing?.startsWith('Organization') || undefined}
          aria-describedby={mayRename ? undefined : 'org-name-owner-only'}
          readOnly={!mayRename}
          value={orgName}
          onChange={(e) => {
            setOrgName(e.target.value);
            setMissing(null);
          }}
        />
      </label>
      {!mayRename && (
        <p className="muted profile-form__hint" id="org-name-owner-only">
          Only an owner of the organization can rename it.
        </p>
      )}
      {missing && (
        <p className="form-error" role="alert">
          {missing}
        </p>
      )}
      {!profile.organization && (
        <p className="muted profile-form__hint">
          Name your organization to start using the advisory board{redirect ? '; then you will go back to where you were heading.' : '.'}
        </p>
      )}
      <div>
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  );
}
