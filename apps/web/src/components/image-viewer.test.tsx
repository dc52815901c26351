import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../lib/test-support.tsx';
import { ImageGallery } from './image-gallery.tsx';

const images = ['/storage/a.png', '/storage/b.png', '/storage/c.png'];
/** Opens a thumbnail and waits for the viewer, which loads at the first click. */
async function openThumbnail(name: string) {
  fireEvent.click(screen.getByRole('button', { name }));
  await screen.findByRole('dialog');
}

const shown = () => screen.getByRole('img', { name: /^Attachment \d of 3$/ }).getAttribute('alt');

describe('ImageGallery and its viewer', () => {
  it('opens the clicked thumbnail full screen', async () => {
    renderWithProviders(<ImageGallery images={images} />);
    await openThumbnail('Open attachment 2 of 3');
    expect(shown()).toBe('Attachment 2 of 3');
    expect(screen.getByText('2 / 3')).toBeTruthy();
  });

  it('moves with the arrow keys and h/l, and stops at the ends', async () => {
    renderWithProviders(<ImageGallery images={images} />);
    await openThumbnail('Open attachment 1 of 3');
    const viewer = screen.getByRole('dialog');
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    expect(shown()).toBe('Attachment 2 of 3');
    fireEvent.keyDown(viewer, { key: 'l' });
    expect(shown()).toBe('Attachment 3 of 3');
    fireEvent.keyDown(viewer, { key: 'l' });
    expect(shown()).toBe('Attachment 3 of 3');
    fireEvent.keyDown(viewer, { key: 'h' });
    expect(shown()).toBe('Attachment 2 of 3');
    fireEvent.keyDown(viewer, { key: 'ArrowLeft' });
    expect(shown()).toBe('Attachment 1 of 3');
    expect(screen.getByRole('button', { name: 'Previous image' }).hasAttribute('disabled')).toBe(true);
  });

  it('moves with the previous/next buttons and the mouse wheel', async () => {
    renderWithProviders(<ImageGallery images={images} />);
    await openThumbnail('Open attachment 1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    expect(shown()).toBe('Attachment 2 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(shown()).toBe('Attachment 1 of 3');
    fireEvent.wheel(screen.getByTestId('image-viewer-stage'), { deltaY: 120, timeStamp: 10_000 });
    expect(shown()).toBe('Attachment 2 of 3');
  });

  it('closes with Escape, the close button and a click outside the image, not on the image', async () => {
    renderWithProviders(<ImageGallery images={images} />);
    const open = () => openThumbnail('Open attachment 1 of 3');

    await open();
    fireEvent.click(screen.getByRole('img', { name: 'Attachment 1 of 3' }));
    expect(screen.queryByRole('dialog')).not.toBeNull();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();

    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Close viewer' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await open();
    fireEvent.pointerDown(screen.getByTestId('image-viewer-stage'));
    fireEvent.click(screen.getByTestId('image-viewer-stage'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays open when a press on the image ends outside it', async () => {
    renderWithProviders(<ImageGallery images={images} />);
    await openThumbnail('Open attachment 1 of 3');
    fireEvent.pointerDown(screen.getByRole('img', { name: 'Attachment 1 of 3' }));
    fireEvent.click(screen.getByTestId('image-viewer-stage'));
    expect(screen.queryByRole('dialog')).not.toBeNull();
  });
});
