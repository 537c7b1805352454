export const simCheckoutKeys = {
  all: ['sim-checkout'] as const,
  detail: (id: string) => [...simCheckoutKeys.all, id] as const,
};
