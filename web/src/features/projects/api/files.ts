import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiUpload } from '../../../lib/api-contract';
import { boardKeys } from './keys';

export const getFiles = (projectId: string) => apiGet('/api/projects/{id}/files', { params: { id: projectId } }).then((res) => res.data);

export const useFiles = (projectId: string) => useQuery(queryOptions({ queryKey: boardKeys.files(projectId), queryFn: () => getFiles(projectId) }));

/** Uploads one context file (multipart); its text is extracted by the server at once. */
export function useFileActions(projectId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: boardKeys.files(projectId) });
  return {
    upload: useMutation({
      mutationFn: (file: File) => {
        const form = new FormData();
        form.append('file', file, file.name);
        return apiUpload('/api/projects/{id}/files', { params: { id: projectId }, form });
      },
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (fileId: string) => apiDelete('/api/projects/{id}/files/{fileId}', { params: { id: projectId, fileId } }), onSuccess: refresh }),
  };
}
