import { useCallback, useEffect, useRef, useState } from 'react';
import { MAX_PHOTO_BYTES, MAX_PHOTOS, PHOTO_MIME_TYPES, UPLOAD_MESSAGES } from '#shared/uploads/schema.ts';
import { UploadAbortedError, uploadPhoto } from './upload.ts';

export type PhotoStatus = 'uploading' | 'uploaded';

export interface PhotoItem {
  key: string;
  name: string;
  previewUrl: string;
  status: PhotoStatus;
  /** 0 to 1. */
  progress: number;
}

/** A file that was refused (by type, size or the server): named, with the reason. */
export interface PhotoRejection {
  name: string;
  message: string;
}

interface PendingUpload {
  /** The upload id once stored, null when it failed or was removed. */
  result: Promise<string | null>;
  abort: () => void;
}

export interface Photos {
  items: PhotoItem[];
  /** Files refused since the last add; they are not in `items` and do not count towards 10. */
  rejections: PhotoRejection[];
  /** Adds files and starts uploading them at once; answers an error message when they would pass 10. */
  add(files: File[]): string | null;
  remove(key: string): void;
  clear(): void;
  /** Waits for uploads still running; resolves to the ids of the stored photos, in the order shown. */
  settle(): Promise<string[]>;
}

let keyCounter = 0;

function refusedBeforeUpload(file: File): string | null {
  // An empty type (HEIC on some systems) cannot be judged here; the server reads the bytes.
  if (file.type !== '' && !PHOTO_MIME_TYPES.includes(file.type)) return UPLOAD_MESSAGES.notAnImage;
  // The server refuses it too; saying so now saves a long upload.
  if (file.size > MAX_PHOTO_BYTES) return UPLOAD_MESSAGES.tooLarge;
  return null;
}

/**
 * The photo list of the sell form. Each photo uploads as soon as it is chosen (with progress), so
 * submitting only has to wait for the ones still running. A refused or failed photo leaves the list
 * (it would not be sent, so it must not look chosen or count towards the 10) and is named with the
 * reason under the field until the next choice.
 */
export function usePhotos(): Photos {
  const [items, setItems] = useState<PhotoItem[]>([]);
  const [rejections, setRejections] = useState<PhotoRejection[]>([]);
  const itemsRef = useRef<PhotoItem[]>([]);
  const pending = useRef(new Map<string, PendingUpload>());

  const update = useCallback((updater: (current: PhotoItem[]) => PhotoItem[]) => {
    itemsRef.current = updater(itemsRef.current);
    setItems(itemsRef.current);
  }, []);

  const patch = useCallback(
    (key: string, changes: Partial<PhotoItem>) =>
      update((current) => current.map((item) => (item.key === key ? { ...item, ...changes } : item))),
    [update],
  );

  const reject = useCallback((rejected: PhotoRejection[]) => {
    if (rejected.length > 0) setRejections((current) => [...current, ...rejected]);
  }, []);

  const drop = useCallback(
    (key: string) => {
      const item = itemsRef.current.find((i) => i.key === key);
      if (item) URL.revokeObjectURL(item.previewUrl);
      pending.current.delete(key);
      update((current) => current.filter((i) => i.key !== key));
    },
    [update],
  );

  const add = useCallback(
    (files: File[]): string | null => {
      if (files.length === 0) return null;
      const refused: PhotoRejection[] = [];
      const acceptable = files.filter((file) => {
        const message = refusedBeforeUpload(file);
        if (message) refused.push({ name: file.name, message });
        return message === null;
      });
      setRejections(refused);
      if (itemsRef.current.length + acceptable.length > MAX_PHOTOS) return UPLOAD_MESSAGES.tooMany;
      const added: PhotoItem[] = [];
      for (const file of acceptable) {
        const key = `photo-${(keyCounter += 1)}`;
        added.push({
          key,
          name: file.name,
          previewUrl: URL.createObjectURL(file),
          status: 'uploading',
          progress: 0,
        });
        const upload = uploadPhoto(file, (progress) => patch(key, { progress }));
        const result = upload.promise.then(
          (photo) => {
            patch(key, { status: 'uploaded', progress: 1 });
            return photo.id;
          },
          (error: unknown) => {
            if (!(error instanceof UploadAbortedError)) {
              drop(key);
              reject([
                { name: file.name, message: error instanceof Error ? error.message : UPLOAD_MESSAGES.failed },
              ]);
            }
            return null;
          },
        );
        pending.current.set(key, { result, abort: upload.abort });
      }
      update((current) => [...current, ...added]);
      return null;
    },
    [drop, patch, reject, update],
  );

  const remove = useCallback(
    (key: string) => {
      pending.current.get(key)?.abort();
      drop(key);
    },
    [drop],
  );

  const clear = useCallback(() => {
    for (const item of itemsRef.current) URL.revokeObjectURL(item.previewUrl);
    for (const upload of pending.current.values()) upload.abort();
    pending.current.clear();
    update(() => []);
    setRejections([]);
  }, [update]);

  const settle = useCallback(async (): Promise<string[]> => {
    const keys = itemsRef.current.map((item) => item.key);
    const ids = await Promise.all(
      keys.map((key) => pending.current.get(key)?.result ?? Promise.resolve(null)),
    );
    // A photo removed while we waited is not sent.
    const still = new Set(itemsRef.current.map((item) => item.key));
    return ids.filter((id, index): id is string => id !== null && still.has(keys[index] ?? ''));
  }, []);

  // Leaving the page: stop uploads and release the previews.
  useEffect(() => {
    const uploads = pending.current;
    return () => {
      for (const item of itemsRef.current) URL.revokeObjectURL(item.previewUrl);
      for (const upload of uploads.values()) upload.abort();
    };
  }, []);

  return { items, rejections, add, remove, clear, settle };
}
