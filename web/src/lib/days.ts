export const DAY_MS = 86_400_000;

/** The UTC day of a moment, as the app writes days ('2026-11-27'). */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Whether a text is a real UTC day in the app's one format ('2026-11-27'; not '2026-02-30', not '11/27/2026'). */
export function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const at = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(at) && dayOf(at) === text;
}
