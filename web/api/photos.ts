import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PhotoOrderBody,
  PhotosResponse,
  PhotoUpdateBody,
  PhotoUploadResponse,
} from '../../common/api/photos';
import { apiFetch, withQuery } from './client';
import { userKey } from './user';

export const photosKey = ['photos'] as const;

export function usePhotos() {
  return useQuery({ queryKey: photosKey, queryFn: () => apiFetch<PhotosResponse>('/api/photos.php') });
}

/**
 * Every photo call answers with the whole list, which replaces the cached one; the user is asked
 * again because the main photo (and with it the profile-photo alert) may have changed.
 */
function usePhotosMutation<V>(send: (v: V) => Promise<PhotosResponse>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (data) => {
      client.setQueryData<PhotosResponse>(photosKey, { photos: data.photos, limit: data.limit });
      void client.invalidateQueries({ queryKey: userKey });
    },
  });
}

export const useUploadPhoto = () =>
  usePhotosMutation((file: File) => {
    const form = new FormData();
    form.append('photo', file);
    return apiFetch<PhotoUploadResponse>('/api/photos.php', { method: 'POST', body: form });
  });

export const useUpdatePhoto = () =>
  usePhotosMutation(({ id, ...body }: PhotoUpdateBody & { id: number }) =>
    apiFetch<PhotosResponse>(withQuery('/api/photos.php', { id }), { method: 'PATCH', json: body }),
  );

export const useReorderPhotos = () =>
  usePhotosMutation((body: PhotoOrderBody) =>
    apiFetch<PhotosResponse>('/api/photos.php', { method: 'PUT', json: body }),
  );

export const useDeletePhoto = () =>
  usePhotosMutation((id: number) =>
    apiFetch<PhotosResponse>(withQuery('/api/photos.php', { id }), { method: 'DELETE' }),
  );
