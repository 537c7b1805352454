import type { Decider } from '../eventstore/decider.ts';
import { ConflictError, NotFoundError } from '../platform/errors.ts';
import { evolveProjectFile, initialProjectFileState, type ProjectFileEvent, type ProjectFileRemoved, type ProjectFileState, type ProjectFileStored } from './events.ts';

export type StoreFile = { type: 'StoreFile'; data: ProjectFileStored['data'] };
export type RemoveFile = { type: 'RemoveFile'; data: ProjectFileRemoved['data'] };
export type ProjectFileCommand = StoreFile | RemoveFile;

export function decideProjectFile(command: ProjectFileCommand, state: ProjectFileState): ProjectFileEvent[] {
  switch (command.type) {
    case 'StoreFile':
      if (state.exists) throw new ConflictError('File already exists');
      return [{ type: 'ProjectFileStored', data: command.data }];
    case 'RemoveFile':
      if (!state.exists || state.removed || state.orgId !== command.data.orgId) throw new NotFoundError('File');
      return [{ type: 'ProjectFileRemoved', data: command.data }];
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const projectFileDecider: Decider<ProjectFileCommand, ProjectFileEvent, ProjectFileState> = {
  initialState: initialProjectFileState,
  evolve: evolveProjectFile,
  decide: decideProjectFile,
};
