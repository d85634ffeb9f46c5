import { type DragEvent, useState } from 'react';
import { MAX_PHOTOS, PHOTO_ACCEPT, PHOTO_HINT } from '#shared/uploads/schema.ts';
import { errorId, fieldId } from './form-state.ts';
import type { Photos } from './usePhotos.ts';

interface PhotosFieldProps {
  photos: Photos;
  error: string | undefined;
  onError: (message: string | null) => void;
}

/** Choose or drop photos; each shows a thumbnail, its upload progress and a remove button. */
export function PhotosField({ photos, error, onError }: PhotosFieldProps) {
  const [dragging, setDragging] = useState(false);
  const id = fieldId('photos');

  const addFiles = (files: File[]) => onError(photos.add(files));

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    addFiles(Array.from(event.dataTransfer.files));
  };

  return (
    <div className="sell-field">
      <span className="sell-label" id={`${id}-label`}>
        Photos of your watch <span className="sell-optional">(optional, up to {MAX_PHOTOS})</span>
      </span>
      <div
        className={`sell-dropzone${dragging ? ' sell-dropzone--active' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <input
          id={id}
          className="sell-file-input"
          type="file"
          multiple
          accept={PHOTO_ACCEPT}
          aria-labelledby={`${id}-label ${id}-button`}
          aria-describedby={[`${id}-hint`, error ? errorId('photos') : null].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            addFiles(Array.from(event.target.files ?? []));
            // Lets the same file be chosen again after removing it.
            event.target.value = '';
          }}
        />
        <label htmlFor={id} className="sell-button sell-button--secondary" id={`${id}-button`}>
          Choose photos
        </label>
        <p className="sell-hint" id={`${id}-hint`}>
          {PHOTO_HINT}.<span className="sell-drag-hint"> You can also drag photos here.</span>
        </p>
      </div>
      {error && (
        <p className="sell-error" id={errorId('photos')}>
          {error}
        </p>
      )}
      {/* Announced as it changes; the list inside keeps its list semantics for reading back. */}
      <div role="alert">
        {photos.rejections.length > 0 && (
          <ul className="sell-error sell-photo-rejections" aria-label="Photos not added">
            {photos.rejections.map((rejection, index) => (
              <li key={`${index}-${rejection.name}`}>
                {rejection.name}: {rejection.message}
              </li>
            ))}
          </ul>
        )}
      </div>
      {photos.items.length > 0 && (
        <>
          <p className="sell-photo-count" aria-live="polite">
            {photos.items.length} of {MAX_PHOTOS} photos
          </p>
          <ul className="sell-photos" aria-label="Chosen photos">
            {photos.items.map((photo, index) => (
              <li key={photo.key} className={`sell-photo sell-photo--${photo.status}`}>
                <Thumbnail src={photo.previewUrl} alt={`Photo ${index + 1}: ${photo.name}`} />
                <div className="sell-photo__status">
                  {photo.status === 'uploading' && (
                    <>
                      <progress
                        max={1}
                        value={photo.progress}
                        aria-label={`Uploading ${photo.name}`}
                        className="sell-photo__progress"
                      />
                      <span>{Math.round(photo.progress * 100)}%</span>
                    </>
                  )}
                  {photo.status === 'uploaded' && <span className="sell-photo__ok">Uploaded</span>}
                </div>
                <button
                  type="button"
                  className="sell-photo__remove"
                  onClick={() => {
                    photos.remove(photo.key);
                    onError(null);
                  }}
                  aria-label={`Remove ${photo.name}`}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** Browsers cannot draw every photo (HEIC in Chrome, a damaged file): those get a named placeholder. */
function Thumbnail({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  if (failed)
    return (
      <div className="sell-photo__img sell-photo__img--none" role="img" aria-label={alt}>
        No preview
      </div>
    );
  return <img src={src} alt={alt} className="sell-photo__img" onError={() => setFailed(true)} />;
}
