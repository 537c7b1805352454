import { ConflictError, NotFoundError, ValidationError } from '../platform/errors.ts';
import type { Decider } from '../eventstore/decider.ts';
import {
  evolveProject,
  initialProjectState,
  type ProjectBoardSaved,
  type ProjectEvent,
  type ProjectFileAttached,
  type ProjectFileDetached,
  type ProjectState,
} from './events.ts';

export type CreateProject = {
  type: 'CreateProject';
  data: { projectId: string; orgId: string; name: string; description: string; createdBy: string; at: string };
};
export type UpdateProject = {
  type: 'UpdateProject';
  data: { projectId: string; orgId: string; name: string; description: string; at: string };
};
export type SaveBoard = { type: 'SaveBoard'; data: ProjectBoardSaved['data'] & { orgId: string } };
export type AttachFile = { type: 'AttachFile'; data: ProjectFileAttached['data'] };
export type DetachFile = { type: 'DetachFile'; data: ProjectFileDetached['data'] };
export type ProjectCommand = CreateProject | UpdateProject | SaveBoard | AttachFile | DetachFile;

/** Files a project may hold at once. */
export const MAX_PROJECT_FILES = 20;

function saveBoard({ data }: SaveBoard, state: ProjectState): ProjectEvent[] {
  if (!state.exists || state.orgId !== data.orgId) throw new NotFoundError('Project');
  if (data.chairId && !data.assistantIds.includes(data.chairId)) throw new ValidationError('chairId: the chair must sit on the board', 'chairId');
  const { orgId: _org, ...rest } = data;
  const same = state.board && JSON.stringify(state.board) === JSON.stringify({ assistantIds: data.assistantIds, chairId: data.chairId, mode: data.mode, rounds: data.rounds });
  return same ? [] : [{ type: 'ProjectBoardSaved', data: rest }];
}

function attachFile({ data }: AttachFile, state: ProjectState): ProjectEvent[] {
  if (!state.exists || state.orgId !== data.orgId) throw new NotFoundError('Project');
  if (state.files.includes(data.fileId)) return [];
  if (state.files.length >= MAX_PROJECT_FILES) {
    throw new ConflictError(`A project holds at most ${MAX_PROJECT_FILES} files: remove one first`, { error: 'too_many_files' });
  }
  return [{ type: 'ProjectFileAttached', data }];
}

function detachFile({ data }: DetachFile, state: ProjectState): ProjectEvent[] {
  if (!state.exists || state.orgId !== data.orgId || !state.files.includes(data.fileId)) throw new NotFoundError('File');
  return [{ type: 'ProjectFileDetached', data }];
}

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
    case 'SaveBoard':
      return saveBoard(command, state);
    case 'AttachFile':
      return attachFile(command, state);
    case 'DetachFile':
      return detachFile(command, state);
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
