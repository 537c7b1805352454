import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPut, type ApiAnswer, type ApiBody } from '../../../lib/api-contract';
import { boardKeys } from './keys';

export type SavedBoard = ApiAnswer<'/api/projects/{id}/board'>;
export type SaveBoardInput = ApiBody<'/api/projects/{id}/board', 'put'>;

export const getBoardConfig = (projectId: string) => apiGet('/api/projects/{id}/board', { params: { id: projectId } });

export const useBoardConfig = (projectId: string) =>
  useQuery(queryOptions({ queryKey: boardKeys.config(projectId), queryFn: () => getBoardConfig(projectId) }));

/** Saves the project's board (who sits, who chairs, mode, rounds): what its next sessions start with. */
export function useSaveBoard(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveBoardInput) => apiPut('/api/projects/{id}/board', { params: { id: projectId }, body }),
    onSuccess: (saved) => queryClient.setQueryData(boardKeys.config(projectId), saved),
  });
}
