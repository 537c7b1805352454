/** Comma-separated tag text as names: each trimmed, blanks and repeats (any case) dropped. */
export function splitTagText(text: string): string[] {
  const names: string[] = [];
  for (const part of text.split(',')) {
    const name = part.trim();
    if (name && !names.some((n) => n.toLowerCase() === name.toLowerCase())) names.push(name);
  }
  return names;
}
