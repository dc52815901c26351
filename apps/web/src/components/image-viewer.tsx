import { ActionIcon, Group, Modal, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconX } from '@tabler/icons-react';
import { useEffect, useRef, type MouseEvent, type PointerEvent, type WheelEvent } from 'react';
import { useMessages } from '../lib/i18n.ts';
import classes from './image-viewer.module.css';
import { componentsMessages } from './messages.ts';

export interface ImageViewerProps {
  images: string[];
  /** The shown image, or null when the viewer is closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** "Attachment" unless given. */
  altPrefix?: string;
}

/** One wheel gesture fires many events; this much quiet time separates two steps. */
const WHEEL_STEP_MS = 350;

/**
 * The full-screen image viewer of the spec: previous/next buttons, close, Escape, ArrowLeft/Right,
 * h/l, the mouse wheel, and a click outside the image closes it.
 */
export function ImageViewer({ images, index, onIndexChange, onClose, altPrefix }: ImageViewerProps) {
  const t = useMessages(componentsMessages);
  const lastWheel = useRef(0);
  const opened = index !== null && images.length > 0;
  const current = Math.min(Math.max(index ?? 0, 0), Math.max(images.length - 1, 0));
  const hasPrevious = current > 0;
  const hasNext = current < images.length - 1;
  const previous = () => hasPrevious && onIndexChange(current - 1);
  const next = () => hasNext && onIndexChange(current + 1);

  // Mantine's modal keeps onKeyDown for itself, so the keys are read on the window while open.
  useEffect(() => {
    if (!opened) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const step = event.key === 'ArrowLeft' || event.key === 'h' ? -1 : event.key === 'ArrowRight' || event.key === 'l' ? 1 : 0;
      if (step === 0) return;
      event.preventDefault();
      const target = current + step;
      if (target >= 0 && target < images.length) onIndexChange(target);
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, [opened, current, images.length, onIndexChange]);

  const handleWheel = (event: WheelEvent) => {
    const delta = Math.abs(event.deltaY) >= Math.abs(event.deltaX) ? event.deltaY : event.deltaX;
    if (delta === 0 || event.timeStamp - lastWheel.current < WHEEL_STEP_MS) {
      lastWheel.current = event.timeStamp;
      return;
    }
    lastWheel.current = event.timeStamp;
    if (delta > 0) next();
    else previous();
  };

  // Only a click on the dark stage itself closes, and only one that also began there: a press on
  // the image or a button that ends outside it (a small drag) is not a click outside.
  const pressedOnStage = useRef(false);
  const markPress = (event: PointerEvent) => {
    pressedOnStage.current = event.target === event.currentTarget;
  };
  const closeOnStage = (event: MouseEvent) => {
    if (event.target === event.currentTarget && pressedOnStage.current) onClose();
  };

  const label = t('imageOf', { name: altPrefix ?? t('attachment'), number: current + 1, total: images.length });
  return (
    <Modal.Root opened={opened} onClose={onClose} fullScreen transitionProps={{ duration: 0 }} returnFocus>
      <Modal.Overlay backgroundOpacity={0.9} color="#000" />
      <Modal.Content className={classes.content}>
        <VisuallyHidden>
          <Modal.Title>{label}</Modal.Title>
        </VisuallyHidden>
        <div
          className={classes.stage}
          onPointerDown={markPress}
          onClick={closeOnStage}
          onWheel={handleWheel}
          data-testid="image-viewer-stage"
        >
          <Group className={classes.topBar} justify="space-between" wrap="nowrap">
            <Text c="white" size="sm" aria-live="polite">
              {images.length > 1 ? `${current + 1} / ${images.length}` : ''}
            </Text>
            <ActionIcon
              variant="filled"
              color="dark"
              size="xl"
              radius="xl"
              onClick={onClose}
              aria-label={t('closeViewer')}
              data-autofocus
            >
              <IconX />
            </ActionIcon>
          </Group>
          {images.length > 1 && (
            <ActionIcon
              className={classes.previous}
              variant="filled"
              color="dark"
              size="xl"
              radius="xl"
              onClick={previous}
              disabled={!hasPrevious}
              aria-label={t('previousImage')}
            >
              <IconChevronLeft />
            </ActionIcon>
          )}
          {opened && <img className={classes.image} src={images[current]} alt={label} />}
          {images.length > 1 && (
            <ActionIcon
              className={classes.next}
              variant="filled"
              color="dark"
              size="xl"
              radius="xl"
              onClick={next}
              disabled={!hasNext}
              aria-label={t('nextImage')}
            >
              <IconChevronRight />
            </ActionIcon>
          )}
        </div>
      </Modal.Content>
    </Modal.Root>
  );
}
