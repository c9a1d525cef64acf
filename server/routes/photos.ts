import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { photosEndpoints } from '../../common/api/endpoints/photos';
import {
  photoIdQuery,
  photoOrderBody,
  photosResponse,
  photoUpdateBody,
  photoUploadQuery,
  photoUploadResponse,
} from '../../common/api/photos';
import { requireMember } from '../plugins/auth';
import { serve } from '../plugins/endpoint';
import { ApiError } from '../plugins/errors';
import { readPictureUpload } from '../plugins/upload';
import { presentOwnPhoto, presentOwnPhotos } from '../presenters/own-profile';
import {
  deletePhoto,
  ensurePhotoRoom,
  memberPhotos,
  reorderPhotos,
  setMainPhoto,
  setPhotoPremium,
  uploadPhoto,
} from '../services/profiles/photos';

/** /api/photos.php: the logged-in member's own photos. Every answer is the whole list, in order. */
export const photosRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here only, so no other route accepts multipart bodies.
  await app.register(fastifyMultipart);
  const list = async (memberId: number) => presentOwnPhotos(await memberPhotos(app.services.db, memberId));

  serve(
    app,
    photosEndpoints.list,
    { summary: 'My photos and how many I may have', schemas: { response: photosResponse } },
    async (request) => list(await requireMember(request, app.services)),
  );

  serve(
    app,
    photosEndpoints.upload,
    {
      summary: 'Upload a photo (multipart, one JPEG, PNG or WebP file)',
      consumes: ['multipart/form-data'],
      schemas: { query: photoUploadQuery, response: photoUploadResponse },
      status: 201,
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      await ensurePhotoRoom(app.services.db, memberId);
      const bytes = await readPictureUpload(request);
      const row = await uploadPhoto(app.services, memberId, bytes, request.query.premium === '1');
      const photos = await memberPhotos(app.services.db, memberId);
      return { ...presentOwnPhotos(photos), photo: presentOwnPhoto(row, photos.mainPhotoId) };
    },
  );

  serve(
    app,
    photosEndpoints.update,
    {
      summary: 'Make a photo the main photo, or mark it premium-only or public',
      schemas: { query: photoIdQuery, body: photoUpdateBody, response: photosResponse },
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      const { main, premium } = request.body;
      if (main === undefined && premium === undefined) throw new ApiError(400, 'invalid_input');
      if (premium !== undefined) await setPhotoPremium(app.services, memberId, request.query.id, premium);
      if (main) await setMainPhoto(app.services.db, memberId, request.query.id);
      return list(memberId);
    },
  );

  serve(
    app,
    photosEndpoints.reorder,
    { summary: 'Put my photos in a new order', schemas: { body: photoOrderBody, response: photosResponse } },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      await reorderPhotos(app.services.db, memberId, request.body.order);
      return list(memberId);
    },
  );

  serve(
    app,
    photosEndpoints.delete,
    { summary: 'Delete a photo', schemas: { query: photoIdQuery, response: photosResponse } },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      await deletePhoto(app.services, memberId, request.query.id);
      return list(memberId);
    },
  );
};
