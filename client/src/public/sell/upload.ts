import {
  PHOTO_FIELD,
  UPLOAD_MESSAGES,
  uploadErrorResponseSchema,
  uploadResponseSchema,
  type UploadedPhoto,
} from '#shared/uploads/schema.ts';

export class UploadAbortedError extends Error {
  override name = 'UploadAbortedError';
}

export interface PhotoUpload {
  promise: Promise<UploadedPhoto>;
  abort: () => void;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Sends one photo to POST /api/uploads. XMLHttpRequest rather than fetch because only it reports
 * upload progress. The promise rejects with the server's own message (415, 413, 429 ...) when there is one.
 */
export function uploadPhoto(file: File, onProgress: (fraction: number) => void): PhotoUpload {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<UploadedPhoto>((resolve, reject) => {
    xhr.open('POST', '/api/uploads');
    // The server refuses state-changing requests without it (CSRF defence).
    xhr.setRequestHeader('x-csrf-protection', '1');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      const ok = xhr.status === 201 ? uploadResponseSchema.safeParse(body) : null;
      const photo = ok?.success ? ok.data.uploads[0] : undefined;
      if (photo) {
        onProgress(1);
        resolve(photo);
        return;
      }
      const failure = uploadErrorResponseSchema.safeParse(body);
      reject(new Error(failure.success ? failure.data.error : UPLOAD_MESSAGES.failed));
    };
    xhr.onerror = () => reject(new Error(UPLOAD_MESSAGES.failed));
    xhr.onabort = () => reject(new UploadAbortedError('Upload cancelled'));
    const body = new FormData();
    body.append(PHOTO_FIELD, file, file.name);
    xhr.send(body);
  });
  return { promise, abort: () => xhr.abort() };
}
