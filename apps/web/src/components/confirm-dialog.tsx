import { lazy, Suspense, useState, type ReactNode } from 'react';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  body: ReactNode;
  /** While the action runs: the spinner on Confirm, and the dialog cannot be closed. */
  loading?: boolean;
  /** Why the action failed. The dialog stays open with it, to try again or to close. */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
  /** The modal's width (Mantine's size), for a dialog that holds a form wider than a sentence. */
  size?: string;
}

// Mantine's Modal brings its focus trap, its scroll area and, through the scroll area, the popover
// positioning library: about 26 kB (gzip) that no screen needs before a dialog first opens.
const ConfirmDialogModal = lazy(() =>
  import('./confirm-dialog-modal.tsx').then((module) => ({ default: module.ConfirmDialogModal })),
);

/**
 * The spec's confirm dialog (§2): a title, a body, a Confirm button with spinner, and a Close button.
 * The modal loads when the dialog first opens, and stays mounted afterwards so that it closes with
 * its transition and opens at once the next time.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [wanted, setWanted] = useState(props.opened);
  if (props.opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogModal {...props} />
    </Suspense>
  );
}
