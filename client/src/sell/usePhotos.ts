import { useCallback, useEffect, useRef, useState } from 'react';
import { MAX_PHOTO_BYTES, MAX_PHOTOS, UPLOAD_MESSAGES } from '#shared/uploads/schema.ts';
import { UploadAbortedError, uploadPhoto } from './upload.ts';

export type PhotoStatus = 'uploading' | 'uploaded' | 'failed';

export interface PhotoItem {
  key: string;
  name: string;
  previewUrl: string;
  status: PhotoStatus;
  /** 0 to 1. */
  progress: number;
  error: string | null;
}

interface PendingUpload {
  /** The upload id once stored, null when it failed or was removed. */
  result: Promise<string | null>;
  abort: () => void;
}

export interface Photos {
  items: PhotoItem[];
  /** Adds files and starts uploading them at once; answers an error message when they would pass 10. */
  add(files: File[]): string | null;
  remove(key: string): void;
  clear(): void;
  /** Waits for uploads still running; resolves to the ids of the stored photos, in the order shown. */
  settle(): Promise<string[]>;
}

let keyCounter = 0;

/**
 * The photo list of the sell form. Each photo uploads as soon as it is chosen (with progress), so
 * submitting only has to wait for the ones still running. A photo that failed stays visible with its
 * message and is left out of the submission, as the spec says failed uploads are skipped.
 */
export function usePhotos(): Photos {
  const [items, setItems] = useState<PhotoItem[]>([]);
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

  const add = useCallback(
    (files: File[]): string | null => {
      if (files.length === 0) return null;
      if (itemsRef.current.length + files.length > MAX_PHOTOS) return UPLOAD_MESSAGES.tooMany;
      const added: PhotoItem[] = [];
      for (const file of files) {
        const key = `photo-${(keyCounter += 1)}`;
        const item: PhotoItem = {
          key,
          name: file.name,
          previewUrl: URL.createObjectURL(file),
          status: 'uploading',
          progress: 0,
          error: null,
        };
        added.push(item);
        if (file.size > MAX_PHOTO_BYTES) {
          // The server refuses it too; saying so now saves a long upload.
          item.status = 'failed';
          item.error = UPLOAD_MESSAGES.tooLarge;
          continue;
        }
        const upload = uploadPhoto(file, (progress) => patch(key, { progress }));
        const result = upload.promise.then(
          (photo) => {
            patch(key, { status: 'uploaded', progress: 1 });
            return photo.id;
          },
          (error: unknown) => {
            if (!(error instanceof UploadAbortedError))
              patch(key, {
                status: 'failed',
                error: error instanceof Error ? error.message : UPLOAD_MESSAGES.failed,
              });
            return null;
          },
        );
        pending.current.set(key, { result, abort: upload.abort });
      }
      update((current) => [...current, ...added]);
      return null;
    },
    [patch, update],
  );

  const remove = useCallback(
    (key: string) => {
      const item = itemsRef.current.find((i) => i.key === key);
      if (item) URL.revokeObjectURL(item.previewUrl);
      pending.current.get(key)?.abort();
      pending.current.delete(key);
      update((current) => current.filter((i) => i.key !== key));
    },
    [update],
  );

  const clear = useCallback(() => {
    for (const item of itemsRef.current) URL.revokeObjectURL(item.previewUrl);
    for (const upload of pending.current.values()) upload.abort();
    pending.current.clear();
    update(() => []);
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

  return { items, add, remove, clear, settle };
}
