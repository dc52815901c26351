/** The area dialog, loaded when first opened: its selects and Mantine's Modal weigh on the list otherwise. */
import { lazy } from 'react';

export const AreaDialog = lazy(() => import('./area-dialog.tsx').then((module) => ({ default: module.AreaDialog })));
