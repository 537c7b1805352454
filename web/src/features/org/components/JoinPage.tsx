import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError, serverMessage } from '../../../lib/api';
import { apiGet, apiPost } from '../../../lib/api-contract';
import { authKeys } from '../../../lib/auth/keys';
import { useAuth } from '../../../lib/auth/hooks';
import { Loading } from '../../../components/Loading';
import { paths } from '../../../paths';
import '../org.css';

/** Why an invitation cannot be accepted, in words (the server's code decides which). */
function refusal(err: unknown): string {
  const code = err instanceof ApiError ? (err.body as { error?: string } | undefined)?.error : undefined;
  if (code === 'invitation_email_mismatch') return serverMessage(err, 'This invitation is for another email: sign in with the email it was sent to.');
  if (code === 'already_in_organization') return 'You already belong to an organization. Leave it on its page first, then open this link again.';
  if (code === 'invitation_unavailable') return 'This invitation link is no longer valid: it has expired, was revoked or was already used. Ask for a new one.';
  return serverMessage(err, 'The invitation could not be accepted');
}

/** /join/{token}: who invited you to what, and accepting it (signed in with the invited email). */
export default function JoinPage() {
  const { token = '' } = useParams();
  const { user, reason } = useAuth() as ReturnType<typeof useAuth> & { reason?: string | null };
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const preview = useQuery({ queryKey: ['invitation', token], queryFn: () => apiGet('/api/invitations/{token}', { params: { token } }), retry: false });
  const accept = useMutation({
    mutationFn: () => apiPost('/api/invitations/{token}/accept', { params: { token } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: authKeys.all });
      navigate('/org');
    },
  });

  if (preview.isLoading) return <Loading />;
  if (preview.isError || !preview.data) {
    return (
      <div className="page join-page">
        <section className="card">
          <h1>Invitation</h1>
          <p role="alert">This invitation link is no longer valid: it has expired, was revoked or was already used. Ask for a new one.</p>
        </section>
      </div>
    );
  }
  const inv = preview.data;
  const signedIn = !!user || reason === 'inactive';
  return (
    <div className="page join-page">
      <section className="card">
        <h1>Join {inv.orgName}</h1>
        <p>
          You are invited as <strong>{inv.role}</strong>, for <strong>{inv.email}</strong>.
        </p>
        {inv.status !== 'pending' ? (
          <p role="alert">This invitation link is no longer valid: it has {inv.status === 'expired' ? 'expired' : inv.status === 'revoked' ? 'been revoked' : 'already been used'}. Ask for a new one.</p>
        ) : !signedIn ? (
          <p>
            <Link className="button button--primary" to={paths.login.getHref(`/join/${token}`)}>
              Sign in as {inv.email} to accept
            </Link>
          </p>
        ) : (
          <>
            <button type="button" className="button button--primary" disabled={accept.isPending} onClick={() => accept.mutate()}>
              Accept and join {inv.orgName}
            </button>
            {accept.isError && <p role="alert">{refusal(accept.error)}</p>}
          </>
        )}
      </section>
    </div>
  );
}
