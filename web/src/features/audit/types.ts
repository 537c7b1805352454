export interface StreamEvent {
  position: number;
  streamPosition: number;
  type: string;
  data: unknown;
  metadata: { actor?: string; correlation_id?: string; command_id?: string; [key: string]: unknown };
  createdAt: string;
}

export interface StreamPage {
  data: StreamEvent[];
  totalPages: number;
  total: number;
}

export interface ChainCheck {
  ok: boolean;
  checked: number;
  firstBadPosition: number | null;
}

export interface BalanceAt {
  balance: number;
  at: string;
}
