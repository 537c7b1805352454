import { useId, useState, type KeyboardEvent } from 'react';
import { enterAction, suggestTags, type Tag } from './tag-suggestions';
import './tag-selector.css';

export type { Tag } from './tag-suggestions';

export interface TagSelectorProps {
  tags: Tag[];
  selected: Tag[];
  onChange: (selected: Tag[]) => void;
  /** Called on Enter when no suggestion matches; a returned tag is added to the selection. */
  onCreate: (name: string) => Tag | void | Promise<Tag | void>;
  placeholder?: string;
  label?: string;
}

export function TagSelector({ tags, selected, onChange, onCreate, placeholder = 'Add a tag...', label = 'Tags' }: TagSelectorProps) {
  const [query, setQuery] = useState('');
  const [highlighted, setHighlighted] = useState(0);
  const listId = useId();
  const suggestions = suggestTags(tags, selected, query);

  const add = (tag: Tag) => {
    onChange([...selected, tag]);
    setQuery('');
    setHighlighted(0);
  };

  const create = async (name: string) => {
    setQuery('');
    const created = await onCreate(name);
    if (created) onChange([...selected, created]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      if (suggestions.length) setHighlighted((i) => (i + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const action = enterAction(suggestions, highlighted, selected, query);
      if (action.type === 'select') add(action.tag);
      else if (action.type === 'create') void create(action.name);
      else setQuery('');
    } else if (event.key === 'Backspace' && !query && selected.length) {
      onChange(selected.slice(0, -1));
    } else if (event.key === 'Escape') {
      setQuery('');
    }
  };

  return (
    <div className="tag-selector">
      <div className="tag-selector__field">
        {selected.map((tag) => (
          <span key={tag.id} className="tag-chip">
            {tag.name}
            <button
              type="button"
              className="tag-chip__remove"
              aria-label={`Remove ${tag.name}`}
              onClick={() => onChange(selected.filter((t) => t.id !== tag.id))}
            >
              ×
            </button>
          </span>
        ))}
        <input
          className="tag-selector__input"
          aria-label={label}
          role="combobox"
          aria-expanded={suggestions.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          placeholder={placeholder}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setHighlighted(0);
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      {suggestions.length > 0 && (
        <ul id={listId} className="tag-selector__suggestions" role="listbox">
          {suggestions.map((tag, index) => (
            <li
              key={tag.id}
              role="option"
              aria-selected={index === highlighted}
              className="tag-selector__option"
              onMouseDown={(event) => {
                event.preventDefault();
                add(tag);
              }}
              onMouseEnter={() => setHighlighted(index)}
            >
              <span>{tag.name}</span>
              {tag.description && <small>{tag.description}</small>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
