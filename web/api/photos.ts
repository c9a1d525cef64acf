import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { photosEndpoints } from '../../common/api/endpoints/photos';
import type { PhotoOrderBody, PhotosResponse, PhotoUpdateBody } from '../../common/api/photos';
import { call } from './client';
import { userKey } from './user';

export const photosKey = ['photos'] as const;

export function usePhotos() {
  return useQuery({ queryKey: photosKey, queryFn: () => call(photosEndpoints.list) });
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
    // The body is the multipart form, not JSON.
    return call(photosEndpoints.upload, {}, { body: form });
  });

export const useUpdatePhoto = () =>
  usePhotosMutation(({ id, ...body }: PhotoUpdateBody & { id: number }) =>
    call(photosEndpoints.update, { query: { id }, body }),
  );

export const useReorderPhotos = () =>
  usePhotosMutation((body: PhotoOrderBody) => call(photosEndpoints.reorder, { body }));

export const useDeletePhoto = () =>
  usePhotosMutation((id: number) => call(photosEndpoints.delete, { query: { id } }));
