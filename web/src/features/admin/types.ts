export interface Subscription {
  id: string;
  name: string;
  description: string;
  monthly_credits: number;
  is_one_time: boolean;
}

export interface AdminOrg {
  id: string;
  name: string;
  is_active: boolean;
  credit_balance: number;
  last_billing: string | null;
  subscription: Subscription | null;
}

export interface RoleRef {
  id: string;
  name: string;
}

export interface AdminUser {
  id: string;
  name: string;
  email: string;
  is_active: boolean;
  organization_id: string | null;
  organization: { name: string; credits: number; subscription: Subscription | null } | null;
  roles: RoleRef[];
  permissions: string[];
}

export interface Permission {
  id: string;
  name: string;
  description: string;
}

export interface Role {
  id: string;
  name: string;
  permissions: Permission[];
}

export interface RolesAnswer {
  roles: Role[];
  allPossiblePermissions: Permission[];
}
