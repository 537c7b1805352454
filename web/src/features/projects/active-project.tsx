import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export interface ActiveProject {
  id: number | string;
  name: string;
}

interface ActiveProjectContextValue {
  activeProject: ActiveProject | null;
  setActiveProject: (project: ActiveProject) => void;
  clearActiveProject: () => void;
}

const storageKey = 'activeProject';
const ActiveProjectContext = createContext<ActiveProjectContextValue | null>(null);

function readStored(): ActiveProject | null {
  try {
    const raw = sessionStorage.getItem(storageKey);
    const value = raw ? (JSON.parse(raw) as Partial<ActiveProject>) : null;
    return value && value.id !== undefined && typeof value.name === 'string' ? (value as ActiveProject) : null;
  } catch {
    return null;
  }
}

function writeStored(project: ActiveProject | null) {
  try {
    if (project) sessionStorage.setItem(storageKey, JSON.stringify({ id: project.id, name: project.name }));
    else sessionStorage.removeItem(storageKey);
  } catch {
    // Storage can be unavailable (private mode, quota); the in-memory state still works.
  }
}

export function ActiveProjectProvider({ children }: { children: ReactNode }) {
  const [activeProject, setState] = useState<ActiveProject | null>(readStored);

  const setActiveProject = useCallback((project: ActiveProject) => {
    const next = { id: project.id, name: project.name };
    writeStored(next);
    setState(next);
  }, []);

  const clearActiveProject = useCallback(() => {
    writeStored(null);
    setState(null);
  }, []);

  const value = useMemo(
    () => ({ activeProject, setActiveProject, clearActiveProject }),
    [activeProject, setActiveProject, clearActiveProject],
  );
  return <ActiveProjectContext.Provider value={value}>{children}</ActiveProjectContext.Provider>;
}

export function useActiveProject(): ActiveProjectContextValue {
  const context = useContext(ActiveProjectContext);
  if (!context) throw new Error('useActiveProject must be used inside ActiveProjectProvider');
  return context;
}
