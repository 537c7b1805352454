export interface Subscription {
  id: string;
  name: string;
  description: string;
  monthly_credits: number;
  is_one_time: boolean;
}

export interface CreditTransaction {
  id: string;
  created_at: string;
  type: string;
  amount: number;
  description: string;
}

export interface UsageRecord {
  id: string;
  created_at: string;
  credits_used: number;
  description: string;
}

export interface Profile {
  id: string;
  name: string;
  given_name: string;
  email: string;
  avatar_url: string | null;
  organization_id: string | null;
  organization: { id: string; name: string; credits: number; is_active: boolean; subscription: Subscription | null } | null;
  credits: number;
  transactions: CreditTransaction[];
  usage: UsageRecord[];
}

export interface ProfileInput {
  name: string;
  orgName: string;
}
