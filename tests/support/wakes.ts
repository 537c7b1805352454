import type { Wakes } from '../../projections/catch-up.ts';

/** Wake-ups as the live catch-up's (projections/live.ts): one came during the first batch, none after. */
export const oneWakeUp = (): Wakes => {
  let pending = true;
  return {
    taken: () => {
      const was = pending;
      pending = false;
      return was;
    },
    within: async () => {},
  };
};
