import { Image, SimpleGrid, UnstyledButton } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useMessages } from '../lib/i18n.ts';
import classes from './image-gallery.module.css';
import { componentsMessages } from './messages.ts';

// The full-screen viewer loads at the first click on a thumbnail: most visits never open an image.
const ImageViewer = lazy(async () => ({ default: (await import('./image-viewer.tsx')).ImageViewer }));

export interface ImageGalleryProps {
  images: string[];
  /** Names the images for screen readers ("Attachment 2 of 3"); "Attachment" unless given. */
  altPrefix?: string;
  /** Smaller thumbnails, for images inside a comment. */
  compact?: boolean;
}

/** A grid of thumbnails (4 columns from md up, 2 on the smallest) that opens the full-screen viewer. */
export function ImageGallery({ images, altPrefix, compact = false }: ImageGalleryProps) {
  const t = useMessages(componentsMessages);
  const name = altPrefix ?? t('attachment');
  const [open, setOpen] = useState<number | null>(null);
  // The viewer unmounts as it closes, before its modal can hand focus back: the gallery does it.
  const opener = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    if (open !== null || !opener.current) return;
    opener.current.focus();
    opener.current = null;
  }, [open]);
  if (images.length === 0) return null;
  return (
    <>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs" maw={compact ? 440 : undefined}>
        {images.map((url, index) => (
          <UnstyledButton
            key={`${url}-${index}`}
            className={classes.thumbnail}
            onClick={(event) => {
              opener.current = event.currentTarget;
              setOpen(index);
            }}
            aria-label={t('openImage', { name: name.toLowerCase(), number: index + 1, total: images.length })}
          >
            <Image src={url} alt="" loading="lazy" fit="cover" className={classes.image} />
          </UnstyledButton>
        ))}
      </SimpleGrid>
      {open !== null && (
        <Suspense fallback={null}>
          <ImageViewer images={images} index={open} onIndexChange={setOpen} onClose={() => setOpen(null)} altPrefix={name} />
        </Suspense>
      )}
    </>
  );
}
