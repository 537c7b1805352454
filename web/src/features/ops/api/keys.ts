export const opsKeys = {
  all: ['ops'] as const,
  projections: () => [...opsKeys.all, 'projections'] as const,
  drift: () => [...opsKeys.all, 'drift'] as const,
};
