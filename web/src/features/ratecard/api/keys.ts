export const rateCardKeys = {
  all: ['admin', 'rate-cards'] as const,
};
