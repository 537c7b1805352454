import { ConflictError, NotFoundError } from '../platform/errors.ts';
import type { Decider } from '../eventstore/decider.ts';
import { evolveProject, initialProjectState, type ProjectEvent, type ProjectState } from './events.ts';

export type CreateProject = {
  type: 'CreateProject';
  data: { projectId: string; orgId: string; name: string; description: string; createdBy: string; at: string };
};
export type UpdateProject = {
  type: 'UpdateProject';
  data: { projectId: string; orgId: string; name: string; description: string; at: string };
};
export type ProjectCommand = CreateProject | UpdateProject;

function createProject(command: CreateProject, state: ProjectState): ProjectEvent[] {
  if (state.exists) throw new ConflictError('Project already exists');
  return [{ type: 'ProjectCreated', data: command.data }];
}

function updateProject({ data }: UpdateProject, state: ProjectState): ProjectEvent[] {
  if (!state.exists || state.orgId !== data.orgId) throw new NotFoundError('Project');
  if (state.name === data.name && state.description === data.description) return [];
  return [{ type: 'ProjectUpdated', data: { projectId: data.projectId, name: data.name, description: data.description, at: data.at } }];
}

export function decideProject(command: ProjectCommand, state: ProjectState): ProjectEvent[] {
  switch (command.type) {
    case 'CreateProject':
      return createProject(command, state);
    case 'UpdateProject':
      return updateProject(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const projectDecider: Decider<ProjectCommand, ProjectEvent, ProjectState> = {
  initialState: initialProjectState,
  evolve: evolveProject,
  decide: decideProject,
};
