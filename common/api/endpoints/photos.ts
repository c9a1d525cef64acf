import { endpoint } from '../contract';
import type {
  photoIdQuery,
  photoOrderBody,
  photosResponse,
  photoUpdateBody,
  photoUploadQuery,
  photoUploadResponse,
} from '../photos';

/**
 * The logged-in member's own photos; every answer is the whole list. An upload's body is a multipart
 * form with the one file, which the caller passes as the request's body.
 */
export const photosEndpoints = {
  list: endpoint<{ response: typeof photosResponse }>('GET', '/api/photos.php'),
  upload: endpoint<{ query: typeof photoUploadQuery; response: typeof photoUploadResponse }>(
    'POST',
    '/api/photos.php',
  ),
  update: endpoint<{
    query: typeof photoIdQuery;
    body: typeof photoUpdateBody;
    response: typeof photosResponse;
  }>('PATCH', '/api/photos.php'),
  reorder: endpoint<{ body: typeof photoOrderBody; response: typeof photosResponse }>(
    'PUT',
    '/api/photos.php',
  ),
  delete: endpoint<{ query: typeof photoIdQuery; response: typeof photosResponse }>(
    'DELETE',
    '/api/photos.php',
  ),
};
