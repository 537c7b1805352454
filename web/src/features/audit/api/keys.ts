export interface StreamPageParams {
  page: number;
  limit: number;
  sortOrder: 'asc' | 'desc';
}

export const auditKeys = {
  all: ['audit'] as const,
  stream: (streamId: string) => [...auditKeys.all, 'stream', streamId] as const,
  events: (streamId: string, params: StreamPageParams) => [...auditKeys.stream(streamId), 'events', params] as const,
  verify: (streamId: string) => [...auditKeys.stream(streamId), 'verify'] as const,
  balance: (orgId: string, at: string | null) => [...auditKeys.all, 'balance', orgId, at ?? 'now'] as const,
  names: (of: 'users' | 'orgs') => [...auditKeys.all, 'names', of] as const,
};
