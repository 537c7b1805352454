import type { DomainEvent } from '../eventstore/types.ts';

export type ProjectCreated = DomainEvent<
  'ProjectCreated',
  { projectId: string; orgId: string; name: string; description: string; createdBy: string; at: string }
>;
export type ProjectUpdated = DomainEvent<
  'ProjectUpdated',
  { projectId: string; name: string; description: string; at: string }
>;
export type ProjectEvent = ProjectCreated | ProjectUpdated;

export interface ProjectState {
  exists: boolean;
  orgId: string | null;
  name: string;
  description: string;
}

export const projectStreamId = (projectId: string) => `project-${projectId}`;

export const initialProjectState = (): ProjectState => ({ exists: false, orgId: null, name: '', description: '' });

export function evolveProject(state: ProjectState, event: ProjectEvent): ProjectState {
  switch (event.type) {
    case 'ProjectCreated':
      return { exists: true, orgId: event.data.orgId, name: event.data.name, description: event.data.description };
    case 'ProjectUpdated':
      return { ...state, name: event.data.name, description: event.data.description };
  }
}
