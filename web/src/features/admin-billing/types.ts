export interface AdminPlan {
  id: string;
  name: string;
  description: string;
  price_usd: number;
  monthly_credits: number;
  one_time_credits: number;
  is_one_time: boolean;
  system_only: boolean;
  is_active: boolean;
  example_usages: string[];
  created_at: string;
  updated_at: string;
}

export type PlanInput = Omit<AdminPlan, 'id' | 'created_at' | 'updated_at'>;

export interface PaymentTransaction {
  id: number;
  eventId: string;
  eventType: string;
  kind: string;
  objectId: string;
  amount_total: number;
  amount_subtotal: number | null;
  currency: string;
  eventCreated: string | null;
  userId: string | null;
  orgId: string | null;
  planId: string | null;
  subscriptionId: string | null;
  customer: string | null;
  invoice: string | null;
  paymentIntent: string | null;
  paymentStatus: string | null;
  mode: string | null;
  created_at: string;
}

export interface WebhookLogRow {
  id: number;
  event_id: string;
  type: string;
  status: 'received' | 'processed' | 'ignored' | 'failed';
  reason: string | null;
  summary: string | null;
  org_id: string | null;
  event_created: string | null;
  received_at: string;
  processed_at: string | null;
}

export interface WebhookLogDetail extends WebhookLogRow {
  raw_event: Record<string, unknown>;
}

export type TestEventKind = 'renewal' | 'cancellation' | 'refund';
