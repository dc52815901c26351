/**
 * The state of a set of image attachments being uploaded: each file starts uploading as soon as it
 * is picked (so that a long form is not held up at submit), with its own progress and, on failure,
 * the reason. The form submits the public URLs of the finished ones.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from './api-client.ts';
import { isAbort, UploadError, uploadImage, type UploadOptions } from './uploads.ts';

export interface UploadItem {
  id: number;
  file: File;
  status: 'uploading' | 'done' | 'failed';
  /** 0..1 */
  progress: number;
  url?: string;
  error?: string;
}

export interface ImageUploads {
  items: UploadItem[];
  /** Public URLs of the finished uploads, in the order the files were picked. */
  urls: string[];
  /** True while any file is still on its way. */
  busy: boolean;
  add: (files: File[]) => void;
  remove: (id: number) => void;
  /** Forgets every file (after a successful submit), cancelling unfinished uploads. */
  reset: () => void;
}

export function useImageUploads(options: Pick<UploadOptions, 'presignPath' | 'anonymous' | 'presignFields'>): ImageUploads {
  const [items, setItems] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<number, AbortController>());
  const nextId = useRef(1);
  const { presignPath, anonymous, presignFields } = options;

  const update = useCallback((id: number, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  const add = useCallback(
    (files: File[]) => {
      const added = files.map((file) => ({ id: nextId.current++, file, status: 'uploading' as const, progress: 0 }));
      setItems((current) => [...current, ...added]);
      for (const item of added) {
        const controller = new AbortController();
        controllers.current.set(item.id, controller);
        uploadImage(item.file, {
          presignPath,
          anonymous,
          presignFields,
          signal: controller.signal,
          onProgress: (progress) => update(item.id, { progress }),
        })
          .then((url) => update(item.id, { status: 'done', progress: 1, url }))
          .catch((error: unknown) => {
            if (isAbort(error)) return;
            update(item.id, { status: 'failed', error: error instanceof UploadError ? error.message : errorMessage(error) });
          })
          .finally(() => controllers.current.delete(item.id));
      }
    },
    [presignPath, anonymous, presignFields, update],
  );

  const remove = useCallback((id: number) => {
    controllers.current.get(id)?.abort();
    setItems((current) => current.filter((item) => item.id !== id));
  }, []);

  const reset = useCallback(() => {
    for (const controller of controllers.current.values()) controller.abort();
    controllers.current.clear();
    setItems([]);
  }, []);

  // Leaving the screen cancels what is still being sent.
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  return useMemo(
    () => ({
      items,
      urls: items.flatMap((item) => (item.status === 'done' && item.url ? [item.url] : [])),
      busy: items.some((item) => item.status === 'uploading'),
      add,
      remove,
      reset,
    }),
    [items, add, remove, reset],
  );
}
