export const projectKeys = {
  all: ['projects'] as const,
  lists: () => [...projectKeys.all, 'list'] as const,
  details: () => [...projectKeys.all, 'detail'] as const,
  detail: (id: string) => [...projectKeys.details(), id] as const,
};

export const boardKeys = {
  all: ['board'] as const,
  status: () => [...boardKeys.all, 'status'] as const,
  members: () => [...boardKeys.all, 'members'] as const,
  credits: () => [...boardKeys.all, 'credits'] as const,
  config: (projectId: string) => [...boardKeys.all, 'config', projectId] as const,
  quote: (projectId: string, input: unknown) => [...boardKeys.all, 'quote', projectId, input] as const,
  sessions: (projectId: string) => [...boardKeys.all, 'sessions', projectId] as const,
  files: (projectId: string) => [...boardKeys.all, 'files', projectId] as const,
};
