export const planKeys = {
  all: ['plans'] as const,
  public: () => [...planKeys.all, 'public'] as const,
  details: () => [...planKeys.all, 'detail'] as const,
  detail: (id: string) => [...planKeys.details(), id] as const,
};
