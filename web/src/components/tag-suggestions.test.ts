import { describe, expect, it } from 'vitest';
import { enterAction, suggestTags, type Tag } from './tag-suggestions';

const tags: Tag[] = [
  { id: 1, name: 'Finance' },
  { id: 2, name: 'Marketing' },
  { id: 3, name: 'Fintech' },
  { id: 4, name: 'Legal' },
];

describe('suggestTags', () => {
  it('matches by substring, ignoring case', () => {
    expect(suggestTags(tags, [], 'FIN').map((t) => t.name)).toEqual(['Finance', 'Fintech']);
    expect(suggestTags(tags, [], 'keti').map((t) => t.name)).toEqual(['Marketing']);
  });

  it('leaves out tags already selected', () => {
    expect(suggestTags(tags, [tags[0]], 'fin').map((t) => t.name)).toEqual(['Fintech']);
  });

  it('suggests nothing for an empty query', () => {
    expect(suggestTags(tags, [], '  ')).toEqual([]);
  });
});

describe('enterAction', () => {
  it('selects the highlighted suggestion', () => {
    const suggestions = suggestTags(tags, [], 'fin');
    expect(enterAction(suggestions, 1, [], 'fin')).toEqual({ type: 'select', tag: tags[2] });
  });

  it('creates a new tag when no suggestion matches', () => {
    expect(enterAction([], -1, [], '  Operations ')).toEqual({ type: 'create', name: 'Operations' });
  });

  it('does not create a duplicate of a selected tag or an empty tag', () => {
    expect(enterAction([], -1, [tags[3]], 'legal')).toEqual({ type: 'none' });
    expect(enterAction([], -1, [], '   ')).toEqual({ type: 'none' });
  });
});
