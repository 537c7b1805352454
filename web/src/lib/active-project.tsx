import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useAuth } from './auth/hooks';

export interface ActiveProject {
  id: string;
  name: string;
}

interface ActiveProjectContextValue {
  activeProject: ActiveProject | null;
  setActiveProject: (project: ActiveProject) => void;
  clearActiveProject: () => void;
}

/** The choice and whose it is: it is never shown to another user, and a sign-out forgets it. */
interface Owned {
  owner: string | null;
  project: ActiveProject | null;
}

const storageKey = 'activeProject';
const ActiveProjectContext = createContext<ActiveProjectContextValue | null>(null);

function readStored(): Owned | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(storageKey) ?? 'null') as Partial<Owned> | null;
    const project = value?.project;
    return typeof value?.owner === 'string' && project && typeof project.id === 'string' && typeof project.name === 'string'
      ? { owner: value.owner, project: { id: project.id, name: project.name } }
      : null;
  } catch {
    return null;
  }
}

function writeStored(value: Owned | null) {
  try {
    if (value?.owner && value.project) sessionStorage.setItem(storageKey, JSON.stringify(value));
    else sessionStorage.removeItem(storageKey);
  } catch {
    // Storage can be unavailable (private mode, quota); the in-memory state still works.
  }
}

/**
 * The project being worked on (spec section 3: client-side, starts as none). It belongs to the
 * signed-in user: kept for this tab across reloads, never shown to another user, forgotten on sign-out.
 */
export function ActiveProjectProvider({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  const owner = user?.id ?? null;
  const [chosen, setChosen] = useState<Owned | null>(null);
  const current = chosen?.owner === owner ? chosen : readStored();
  const activeProject = owner && current?.owner === owner ? current.project : null;

  useEffect(() => {
    if (status === 'signedOut') writeStored(null);
  }, [status]);

  const setActiveProject = useCallback(
    (project: ActiveProject) => {
      const next = { owner, project: { id: project.id, name: project.name } };
      writeStored(next);
      setChosen(next);
    },
    [owner],
  );
  const clearActiveProject = useCallback(() => {
    writeStored(null);
    setChosen({ owner, project: null });
  }, [owner]);

  const value = useMemo(() => ({ activeProject, setActiveProject, clearActiveProject }), [activeProject, setActiveProject, clearActiveProject]);
  return <ActiveProjectContext.Provider value={value}>{children}</ActiveProjectContext.Provider>;
}

export function useActiveProject(): ActiveProjectContextValue {
  const context = useContext(ActiveProjectContext);
  if (!context) throw new Error('useActiveProject must be used inside ActiveProjectProvider');
  return context;
}
