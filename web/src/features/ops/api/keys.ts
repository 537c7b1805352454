export const opsKeys = {
  all: ['ops'] as const,
  projections: () => [...opsKeys.all, 'projections'] as const,
};
