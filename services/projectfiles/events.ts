import type { DomainEvent } from '../eventstore/types.ts';

/** A context file of a project, with the text extracted on upload (the file itself is not kept). */
export type ProjectFileStored = DomainEvent<
  'ProjectFileStored',
  { fileId: string; projectId: string; orgId: string; name: string; mediaType: string; bytes: number; pages: number | null; /** The extracted text, cut for ranking (ranking.ts: chunkText). */ chunks: string[]; userId: string; at: string }
>;
export type ProjectFileRemoved = DomainEvent<'ProjectFileRemoved', { fileId: string; projectId: string; orgId: string; userId: string; at: string }>;
export type ProjectFileEvent = ProjectFileStored | ProjectFileRemoved;

export interface ProjectFileState {
  exists: boolean;
  removed: boolean;
  orgId: string | null;
  projectId: string | null;
}

export const projectFileStreamId = (fileId: string) => `project_file-${fileId}`;

export const initialProjectFileState = (): ProjectFileState => ({ exists: false, removed: false, orgId: null, projectId: null });

export function evolveProjectFile(state: ProjectFileState, event: ProjectFileEvent): ProjectFileState {
  switch (event.type) {
    case 'ProjectFileStored':
      return { exists: true, removed: false, orgId: event.data.orgId, projectId: event.data.projectId };
    case 'ProjectFileRemoved':
      return { ...state, removed: true };
  }
}
