import exifr from 'exifr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '#shared/uploads/schema.ts';
import { MAX_STORED_EDGE, processPhoto, sniffImageType, UploadRejectedError } from './image.ts';

const GPS_EXIF = {
  IFD0: { Make: 'TestCam', Model: 'Serial 12345' },
  IFD3: {
    GPSLatitudeRef: 'S',
    GPSLatitude: '33/1 52/1 0/1',
    GPSLongitudeRef: 'E',
    GPSLongitude: '151/1 12/1 0/1',
  },
};

function canvas(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#8a6d3b' } });
}

async function rejection(input: Buffer): Promise<UploadRejectedError> {
  const error: unknown = await processPhoto(input).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof UploadRejectedError)) throw new Error(`expected a rejection, got ${String(error)}`);
  return error;
}

describe('sniffImageType', () => {
  it('recognises JPEG, PNG, WebP and HEIF by their first bytes', async () => {
    expect(sniffImageType(await canvas(4, 4).jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageType(await canvas(4, 4).png().toBuffer())).toBe('png');
    expect(sniffImageType(await canvas(4, 4).webp().toBuffer())).toBe('webp');
    expect(sniffImageType(await canvas(16, 16).avif().toBuffer())).toBe('heif');
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(16)]);
    expect(sniffImageType(heic)).toBe('heif');
  });

  it('refuses everything else whatever it is called', async () => {
    expect(sniffImageType(Buffer.from('<!doctype html><script>alert(1)</script>'))).toBeNull();
    expect(sniffImageType(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImageType(await canvas(4, 4).gif().toBuffer())).toBeNull();
    expect(sniffImageType(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
    // An MP4 is ISO-BMFF too, but not a HEIF brand.
    expect(sniffImageType(Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom')]))).toBeNull();
  });
});

describe('processPhoto', () => {
  it('removes every piece of metadata, GPS included', async () => {
    const input = await canvas(64, 48).jpeg().withExif(GPS_EXIF).toBuffer();
    expect(await exifr.gps(input)).toMatchObject({ latitude: expect.closeTo(-33.87, 2) as number });

    const photo = await processPhoto(input);
    expect(photo.contentType).toBe('image/jpeg');
    expect(photo.extension).toBe('jpg');
    expect(await exifr.gps(photo.data)).toBeUndefined();
    expect(await exifr.parse(photo.data)).toBeUndefined();
    const meta = await sharp(photo.data).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(photo.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('turns the photo upright from its EXIF orientation before dropping it', async () => {
    // Orientation 6: stored landscape, displayed rotated 90° clockwise (portrait).
    const input = await canvas(80, 40).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const photo = await processPhoto(input);
    expect({ width: photo.width, height: photo.height }).toEqual({ width: 40, height: 80 });
    expect((await sharp(photo.data).metadata()).orientation).toBeUndefined();
  });

  it('keeps PNG and WebP in their format and converts HEIF to JPEG', async () => {
    const png = await processPhoto(await canvas(10, 10).png().toBuffer());
    expect(png).toMatchObject({ contentType: 'image/png', extension: 'png', width: 10, height: 10 });
    expect((await sharp(png.data).metadata()).format).toBe('png');

    const webp = await processPhoto(await canvas(10, 10).webp().withExif(GPS_EXIF).toBuffer());
    expect(webp).toMatchObject({ contentType: 'image/webp', extension: 'webp' });
    expect((await sharp(webp.data).metadata()).exif).toBeUndefined();

    const avif = await processPhoto(await canvas(32, 32).avif().toBuffer());
    expect(avif).toMatchObject({ contentType: 'image/jpeg', extension: 'jpg', width: 32, height: 32 });
  });

  it('scales very large photos down to the stored edge, never up', async () => {
    const big = await processPhoto(await canvas(5000, 2500).jpeg().toBuffer());
    expect({ width: big.width, height: big.height }).toEqual({ width: MAX_STORED_EDGE, height: 2048 });
    const small = await processPhoto(await canvas(300, 200).jpeg().toBuffer());
    expect({ width: small.width, height: small.height }).toEqual({ width: 300, height: 200 });
  });

  it('refuses a file that is not an image, even when named .jpg', async () => {
    const error = await rejection(Buffer.from('<html><body><script>alert(1)</script></body></html>'));
    expect(error).toMatchObject({ statusCode: 415, message: UPLOAD_MESSAGES.notAnImage });
  });

  it('refuses an image whose pixel count passes the cap (a decompression bomb)', async () => {
    // 8000 x 7000 = 56 megapixels of one colour: a tiny file that would take ~170 MB to decode.
    const bomb = await canvas(8000, 7000).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await rejection(bomb)).toMatchObject({ statusCode: 422, message: UPLOAD_MESSAGES.tooManyPixels });
  });

  it('refuses a truncated or corrupt image', async () => {
    const jpeg = await canvas(200, 200).jpeg().toBuffer();
    expect(await rejection(jpeg.subarray(0, 200))).toMatchObject({
      statusCode: 422,
      message: UPLOAD_MESSAGES.unreadable,
    });
    const fakePng = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64),
    ]);
    expect((await rejection(fakePng)).statusCode).toBe(422);
  });

  it('explains HEIC it cannot decode instead of failing vaguely', async () => {
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(200)]);
    expect(await rejection(heic)).toMatchObject({
      statusCode: 415,
      message: UPLOAD_MESSAGES.heicUnsupported,
    });
  });
});
