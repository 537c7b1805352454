import { useState, type FormEvent } from 'react';
import { TagSelector, type Tag as SelectorTag } from '../../../components/TagSelector';
import { ApiError, errorMessage } from '../../../lib/api';
import { createTag } from '../api/create-tag';
import { useComponents } from '../api/get-components';
import { useTags } from '../api/get-tags';
import { useSaveAssistant } from '../api/save-assistant';
import type { Assistant } from '../api/types';
import { splitTagText } from '../tag-text';
import { NameFields } from './NameFields';

export const defaultModel = 'gpt-4';

export function AssistantForm({ assistant, onSaved }: { assistant: Assistant | null; onSaved: (id: string) => void }) {
  const { data: tags = [], refetch: refetchTags } = useTags();
  const { data: objects = [] } = useComponents('object');
  const save = useSaveAssistant();
  const [name, setName] = useState(assistant?.name ?? '');
  const [description, setDescription] = useState(assistant?.description ?? '');
  const [task, setTask] = useState(assistant?.task ?? '');
  const [model, setModel] = useState(assistant?.model ?? defaultModel);
  const [selected, setSelected] = useState<SelectorTag[]>(assistant?.tags ?? []);
  const [outputs, setOutputs] = useState<string[]>(assistant?.output_component_id ?? []);
  const [ready, setReady] = useState(assistant?.ready_to_deploy ?? false);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  /** Enter with no matching suggestion: each comma-separated name becomes a tag (an existing one is reused). */
  const onCreateTag = async (text: string) => {
    const added: SelectorTag[] = [];
    for (const tagName of splitTagText(text)) {
      const known = tags.find((t) => t.name.toLowerCase() === tagName.toLowerCase());
      try {
        added.push(known ?? (await createTag({ name: tagName })));
      } catch {
        setProblem(`Could not create the tag ${tagName}`);
      }
    }
    void refetchTags();
    setSelected((current) => [...current, ...added.filter((t) => !current.some((c) => String(c.id) === String(t.id)))]);
  };

  const toggleOutput = (id: string, on: boolean) => setOutputs((all) => (on ? [...all, id] : all.filter((x) => x !== id)));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setSaved(false);
    const input = {
      name,
      description,
      task,
      model: model.trim() || defaultModel,
      tags: selected.map((t) => String(t.id)),
      output_component_id: outputs,
      ready_to_deploy: ready,
    };
    save.mutate(
      { id: assistant?.id, input },
      {
        onSuccess: (answer) => {
          setSaved(true);
          onSaved(answer.id);
        },
        onError: (err) => {
          setProblem(err instanceof ApiError ? errorMessage(err.body, err.message) : String(err));
          window.alert('Save failed');
        },
      },
    );
  };

  return (
    <form className="designer-form assistant-form" onSubmit={onSubmit} aria-label="Assistant">
      <NameFields name={name} description={description} onName={setName} onDescription={setDescription} />
      <label className="field">
        <span className="field__label">Task</span>
        <textarea className="input" name="task" rows={3} value={task} onChange={(e) => setTask(e.target.value)} />
      </label>
      <label className="field">
        <span className="field__label">Model</span>
        <input className="input" name="model" value={model} onChange={(e) => setModel(e.target.value)} placeholder={defaultModel} />
      </label>
      <div className="field">
        <span className="field__label">Tags</span>
        <TagSelector tags={tags} selected={selected} onChange={setSelected} onCreate={onCreateTag} placeholder="Type a tag, or several separated by commas" />
      </div>
      <fieldset className="field assistant-form__outputs">
        <legend className="field__label">Output components</legend>
        {objects.length === 0 && <span className="muted">No object components yet.</span>}
        {objects.map((c) => (
          <label key={c.id} className="checkbox">
            <input type="checkbox" checked={outputs.includes(c.id)} onChange={(e) => toggleOutput(c.id, e.target.checked)} /> {c.name}
          </label>
        ))}
      </fieldset>
      <label className="checkbox">
        <input type="checkbox" name="ready_to_deploy" checked={ready} onChange={(e) => setReady(e.target.checked)} /> Ready to deploy
      </label>
      {problem && (
        <p className="designer-form__problem" role="alert">
          {problem}
        </p>
      )}
      <div className="designer-form__actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </button>
        {saved && <span className="designer-form__saved" role="status">Saved</span>}
      </div>
    </form>
  );
}
