import sharp, { type Metadata } from 'sharp';
import { PHOTO_MAX_MEGAPIXELS } from '../../../common/api/photos';
import { ApiError } from '../../plugins/errors';

/** Renditions of an upload; the display size keeps the aspect, thumbnail and blur are cropped 4:5 like cards. */
const DISPLAY = { width: 1080, height: 1350 } as const;
const THUMB = { width: 320, height: 400 } as const;
const BLURRED = { width: 160, height: 200, sigma: 12 } as const;
const MAX_PIXELS = PHOTO_MAX_MEGAPIXELS * 1_000_000;

export type Renditions = { display: Buffer; thumb: Buffer; blurred: Buffer; width: number; height: number };

type Kind = 'jpeg' | 'png' | 'webp';

/** The file type its first bytes announce, whatever its name or the browser claimed. */
export function sniffImage(bytes: Buffer): Kind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  return null;
}

/**
 * Checks an upload by its bytes and re-encodes it: only JPEG, PNG and WebP reach the decoder (415
 * otherwise), the pixel cap is read from the header before decoding (413), and anything the decoder
 * cannot read fully is corrupt (400). The renditions carry no metadata: sharp writes none unless
 * asked, so EXIF (GPS, camera, owner) is gone; the orientation is applied to the pixels first.
 */
export async function renderPhoto(bytes: Buffer): Promise<Renditions> {
  const kind = sniffImage(bytes);
  if (!kind) throw new ApiError(415, 'photo_type');
  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    throw new ApiError(400, 'photo_corrupt');
  }
  if (meta.format !== kind) throw new ApiError(415, 'photo_type');
  if (!meta.width || !meta.height) throw new ApiError(400, 'photo_corrupt');
  if (meta.width * meta.height > MAX_PIXELS)
    throw new ApiError(413, 'photo_too_many_pixels', { max_megapixels: PHOTO_MAX_MEGAPIXELS });

  // failOn 'error' rejects a file cut short or broken rather than padding it with grey, but lets
  // through the harmless warnings many cameras' files raise.
  const input = () => sharp(bytes, { failOn: 'error', limitInputPixels: MAX_PIXELS }).rotate();
  try {
    const [display, thumb, blurred] = await Promise.all([
      input()
        .resize({ ...DISPLAY, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true }),
      input()
        .resize({ ...THUMB, fit: 'cover', position: sharp.strategy.attention })
        .webp({ quality: 80 })
        .toBuffer(),
      input()
        .resize({ width: BLURRED.width, height: BLURRED.height, fit: 'cover' })
        .blur(BLURRED.sigma)
        .webp({ quality: 60 })
        .toBuffer(),
    ]);
    return {
      display: display.data,
      thumb,
      blurred,
      width: display.info.width,
      height: display.info.height,
    };
  } catch {
    throw new ApiError(400, 'photo_corrupt');
  }
}
