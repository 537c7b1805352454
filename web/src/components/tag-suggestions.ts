export interface Tag {
  id: number | string;
  name: string;
  description?: string | null;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Tags whose name contains the query (any case), leaving out those already selected. */
export function suggestTags(all: readonly Tag[], selected: readonly Tag[], query: string): Tag[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  const taken = new Set(selected.map((tag) => String(tag.id)));
  return all.filter((tag) => !taken.has(String(tag.id)) && tag.name.toLowerCase().includes(needle));
}

export type EnterAction = { type: 'select'; tag: Tag } | { type: 'create'; name: string } | { type: 'none' };

/** What Enter does: pick the highlighted suggestion, or create a tag when nothing matches. */
export function enterAction(suggestions: readonly Tag[], highlighted: number, selected: readonly Tag[], query: string): EnterAction {
  const name = query.trim();
  if (!name) return { type: 'none' };
  if (suggestions.length > 0) return { type: 'select', tag: suggestions[Math.max(0, highlighted)] ?? suggestions[0] };
  if (selected.some((tag) => sameName(tag.name, name))) return { type: 'none' };
  return { type: 'create', name };
}
