/**
 * A field's label from its component (or shape) name, always in sentence case: `earlyWarning`,
 * `early_warning` and `Early Warning` all read "Early warning".
 */
export function fieldLabel(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return name;
  const keep = (w: string) => (/^[A-Z0-9]{2,}$/.test(w) ? w : w.toLowerCase());
  const [first, ...rest] = words.map(keep);
  return [first.charAt(0).toUpperCase() + first.slice(1), ...rest].join(' ');
}

