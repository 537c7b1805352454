import type { DomainEvent } from '../eventstore/types.ts';
import { ConflictError, DomainError, NotFoundError } from '../platform/errors.ts';

/**
 * Who belongs to an organization and in which role, and the invitations it sent: on the
 * organization's stream, so that "at least one owner" is decided against every member at once.
 */

export const ORG_ROLES = ['owner', 'billing', 'member'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

export interface Member {
  role: OrgRole;
  joinedAt: string;
}

export type InvitationStatus = 'pending' | 'accepted' | 'revoked';

export interface Invitation {
  id: string;
  email: string;
  role: OrgRole;
  /** The SHA-256 of the link's token (the token itself is shown once and never stored). */
  tokenHash: string;
  expiresAt: string;
  status: InvitationStatus;
  createdAt: string;
}

export interface MembershipState {
  /** By user id. */
  members: Record<string, Member>;
  invitations: Invitation[];
}

export const initialMembershipState = (): MembershipState => ({ members: {}, invitations: [] });

/** How someone joined: an accepted invitation, or an admin's action. The creator is the owner from `OrganizationCreated` itself. */
export type MemberJoined = DomainEvent<'MemberJoined', { orgId: string; userId: string; role: OrgRole; via: 'invitation' | 'admin'; at: string }>;
export type MemberRoleChanged = DomainEvent<'MemberRoleChanged', { orgId: string; userId: string; role: OrgRole; at: string }>;
export type MemberLeft = DomainEvent<'MemberLeft', { orgId: string; userId: string; reason: 'left' | 'removed'; at: string }>;
export type InvitationCreated = DomainEvent<
  'InvitationCreated',
  { orgId: string; invitationId: string; email: string; role: OrgRole; tokenHash: string; expiresAt: string; at: string }
>;
export type InvitationRevoked = DomainEvent<'InvitationRevoked', { orgId: string; invitationId: string; at: string }>;
export type InvitationAccepted = DomainEvent<'InvitationAccepted', { orgId: string; invitationId: string; userId: string; at: string }>;
export type MembershipEvent = MemberJoined | MemberRoleChanged | MemberLeft | InvitationCreated | InvitationRevoked | InvitationAccepted;

export type AddMember = { type: 'AddMember'; data: { orgId: string; userId: string; role: OrgRole; via: 'admin'; at: string } };
export type ChangeMemberRole = { type: 'ChangeMemberRole'; data: { orgId: string; userId: string; role: OrgRole; at: string } };
export type RemoveMember = { type: 'RemoveMember'; data: { orgId: string; userId: string; reason: 'left' | 'removed'; at: string } };
export type CreateInvitation = {
  type: 'CreateInvitation';
  data: { orgId: string; invitationId: string; email: string; role: OrgRole; tokenHash: string; expiresAt: string; at: string };
};
export type RevokeInvitation = { type: 'RevokeInvitation'; data: { orgId: string; invitationId: string; at: string } };
export type AcceptInvitation = { type: 'AcceptInvitation'; data: { orgId: string; tokenHash: string; userId: string; email: string; at: string } };
export type MembershipCommand = AddMember | ChangeMemberRole | RemoveMember | CreateInvitation | RevokeInvitation | AcceptInvitation;
export const MEMBERSHIP_COMMANDS: readonly MembershipCommand['type'][] = ['AddMember', 'ChangeMemberRole', 'RemoveMember', 'CreateInvitation', 'RevokeInvitation', 'AcceptInvitation'];

export class LastOwner extends DomainError {
  constructor() {
    super(409, 'last_owner', 'An organization keeps at least one owner: make someone else an owner first', { error: 'last_owner' });
  }
}

export class InvitationUnavailable extends DomainError {
  constructor() {
    super(410, 'invitation_unavailable', 'This invitation link is no longer valid: it has expired, was revoked or was already used. Ask for a new one.', {
      error: 'invitation_unavailable',
    });
  }
}

export class InvitationEmailMismatch extends DomainError {
  constructor(email: string) {
    super(403, 'invitation_email_mismatch', `This invitation is for ${email}: sign in with that email to accept it`, { error: 'invitation_email_mismatch' });
  }
}

const owners = (state: MembershipState) => Object.values(state.members).filter((m) => m.role === 'owner').length;

function mustBeMember(state: MembershipState, userId: string): Member {
  const member = state.members[userId];
  if (!member) throw new NotFoundError('Member');
  return member;
}

/** An invitation that can still be accepted at `at`. */
export const isOpen = (invitation: Invitation, at: string) => invitation.status === 'pending' && Date.parse(invitation.expiresAt) > Date.parse(at);

export function decideMembership(command: MembershipCommand, state: MembershipState): MembershipEvent[] {
  switch (command.type) {
    case 'AddMember': {
      const { data } = command;
      if (state.members[data.userId]) throw new ConflictError('Already a member of this organization', { error: 'already_in_organization' });
      return [{ type: 'MemberJoined', data }];
    }
    case 'ChangeMemberRole': {
      const { data } = command;
      const member = mustBeMember(state, data.userId);
      if (member.role === data.role) return [];
      if (member.role === 'owner' && owners(state) === 1) throw new LastOwner();
      return [{ type: 'MemberRoleChanged', data }];
    }
    case 'RemoveMember': {
      const { data } = command;
      const member = mustBeMember(state, data.userId);
      if (member.role === 'owner' && owners(state) === 1) throw new LastOwner();
      return [{ type: 'MemberLeft', data }];
    }
    case 'CreateInvitation': {
      // A new invitation to the same email replaces the one still open: its link stops working, so an
      // owner who invites again (a lost email, another role) leaves one invitation, not two.
      const { orgId, email, at } = command.data;
      const replaced = state.invitations.filter((i) => isOpen(i, at) && i.email.toLowerCase() === email.toLowerCase());
      return [
        ...replaced.map((i): MembershipEvent => ({ type: 'InvitationRevoked', data: { orgId, invitationId: i.id, at } })),
        { type: 'InvitationCreated', data: command.data },
      ];
    }
    case 'RevokeInvitation': {
      const invitation = state.invitations.find((i) => i.id === command.data.invitationId);
      if (!invitation) throw new NotFoundError('Invitation');
      return invitation.status === 'pending' ? [{ type: 'InvitationRevoked', data: command.data }] : [];
    }
    case 'AcceptInvitation': {
      const { orgId, tokenHash, userId, email, at } = command.data;
      const invitation = state.invitations.find((i) => i.tokenHash === tokenHash);
      if (!invitation || !isOpen(invitation, at)) throw new InvitationUnavailable();
      if (invitation.email.toLowerCase() !== email.toLowerCase()) throw new InvitationEmailMismatch(invitation.email);
      if (state.members[userId]) throw new ConflictError('You are already a member of this organization', { error: 'already_in_organization' });
      return [
        { type: 'InvitationAccepted', data: { orgId, invitationId: invitation.id, userId, at } },
        { type: 'MemberJoined', data: { orgId, userId, role: invitation.role, via: 'invitation', at } },
      ];
    }
  }
}

export function evolveMembership<S extends MembershipState>(state: S, event: MembershipEvent): S {
  switch (event.type) {
    case 'MemberJoined':
      return { ...state, members: { ...state.members, [event.data.userId]: { role: event.data.role, joinedAt: event.data.at } } };
    case 'MemberRoleChanged': {
      const member = state.members[event.data.userId];
      return member ? { ...state, members: { ...state.members, [event.data.userId]: { ...member, role: event.data.role } } } : state;
    }
    case 'MemberLeft': {
      const { [event.data.userId]: _gone, ...members } = state.members;
      return { ...state, members };
    }
    case 'InvitationCreated': {
      const { invitationId: id, email, role, tokenHash, expiresAt, at } = event.data;
      return { ...state, invitations: [...state.invitations, { id, email, role, tokenHash, expiresAt, status: 'pending', createdAt: at }] };
    }
    case 'InvitationRevoked':
    case 'InvitationAccepted': {
      const status: InvitationStatus = event.type === 'InvitationRevoked' ? 'revoked' : 'accepted';
      return { ...state, invitations: state.invitations.map((i) => (i.id === event.data.invitationId ? { ...i, status } : i)) };
    }
  }
}

/** Roles that may do what `need` may (an owner does everything). */
export const hasRole = (role: OrgRole | undefined, need: OrgRole) => role !== undefined && (role === 'owner' || need === 'member' || role === need);
