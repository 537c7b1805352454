import { useState } from 'react';
import { errorMessage, ApiError } from '../../../lib/api';
import { useSaveComponent } from '../api/save-component';
import type { Component, ComponentInput } from '../api/types';

/** Saves a component; a failure is the spec's 'Save failed' alert, with the server's reason kept for the form. */
export function useComponentSaver(editing: Component | null, onSaved: (saved: Component) => void) {
  const mutation = useSaveComponent();
  const [problem, setProblem] = useState<string | null>(null);
  const save = (input: ComponentInput) => {
    setProblem(null);
    mutation.mutate(
      { id: editing?.id, input },
      {
        onSuccess: (answer) => onSaved(answer.data),
        onError: (err) => {
          setProblem(err instanceof ApiError ? errorMessage(err.body, err.message) : String(err));
          window.alert('Save failed');
        },
      },
    );
  };
  return { save, problem, saving: mutation.isPending };
}

export const parseWhole = (text: string) => Number.parseInt(text, 10);
