import type { FastifyRequest } from 'fastify';
import { PHOTO_MAX_BYTES, PHOTO_MAX_MB } from '../../common/api/photos';
import { ApiError } from './errors';

/**
 * The one file of a picture upload (a member's photo, a promo's picture), in memory, at most
 * PHOTO_MAX_BYTES: 413 beyond, saying the limit; 400 for a body that is no multipart upload.
 */
export async function readPictureUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new ApiError(400, 'invalid_input');
  const part = await request.file({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 0 } });
  if (!part) throw new ApiError(400, 'invalid_input');
  try {
    return await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new ApiError(413, 'photo_too_large', { max_mb: PHOTO_MAX_MB });
    throw err;
  }
}
