import type { DomainEvent } from '../eventstore/types.ts';

export type ProjectCreated = DomainEvent<
  'ProjectCreated',
  { projectId: string; orgId: string; name: string; description: string; createdBy: string; at: string }
>;
export type ProjectUpdated = DomainEvent<
  'ProjectUpdated',
  { projectId: string; name: string; description: string; at: string }
>;
/** The project's board: who sits on it, who chairs, how it meets. The default of its sessions. */
export interface SavedBoard {
  assistantIds: string[];
  chairId: string | null;
  mode: string;
  rounds: number;
}
export type ProjectBoardSaved = DomainEvent<'ProjectBoardSaved', SavedBoard & { projectId: string; userId: string; at: string }>;
/** A context file attached to the project (its text is on the file's own stream). */
export type ProjectFileAttached = DomainEvent<
  'ProjectFileAttached',
  { projectId: string; orgId: string; fileId: string; name: string; bytes: number; pages: number | null; userId: string; at: string }
>;
export type ProjectFileDetached = DomainEvent<'ProjectFileDetached', { projectId: string; orgId: string; fileId: string; userId: string; at: string }>;
export type ProjectEvent = ProjectCreated | ProjectUpdated | ProjectBoardSaved | ProjectFileAttached | ProjectFileDetached;

export interface ProjectState {
  exists: boolean;
  orgId: string | null;
  name: string;
  description: string;
  board: SavedBoard | null;
  files: string[];
}

export const projectStreamId = (projectId: string) => `project-${projectId}`;

export const initialProjectState = (): ProjectState => ({ exists: false, orgId: null, name: '', description: '', board: null, files: [] });

export function evolveProject(state: ProjectState, event: ProjectEvent): ProjectState {
  switch (event.type) {
    case 'ProjectCreated':
      return { ...initialProjectState(), exists: true, orgId: event.data.orgId, name: event.data.name, description: event.data.description };
    case 'ProjectUpdated':
      return { ...state, name: event.data.name, description: event.data.description };
    case 'ProjectBoardSaved': {
      const { assistantIds, chairId, mode, rounds } = event.data;
      return { ...state, board: { assistantIds, chairId, mode, rounds } };
    }
    case 'ProjectFileAttached':
      return { ...state, files: [...state.files, event.data.fileId] };
    case 'ProjectFileDetached':
      return { ...state, files: state.files.filter((id) => id !== event.data.fileId) };
  }
}
