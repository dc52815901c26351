/**
 * The screen's dialogs, each loaded when first opened: their fields (select, checkboxes, number
 * input) and Mantine's Modal would otherwise weigh on the route before anybody creates anything.
 */
import { lazy } from 'react';

export const ApiClientDialog = lazy(() =>
  import('./api-client-dialog.tsx').then((module) => ({ default: module.ApiClientDialog })),
);
export const ShownOnceDialog = lazy(() =>
  import('./shown-once-dialog.tsx').then((module) => ({ default: module.ShownOnceDialog })),
);
export const WebhookEndpointDialog = lazy(() =>
  import('./webhook-endpoint-dialog.tsx').then((module) => ({ default: module.WebhookEndpointDialog })),
);
export const WebhookDeliveriesDialog = lazy(() =>
  import('./webhook-deliveries-dialog.tsx').then((module) => ({ default: module.WebhookDeliveriesDialog })),
);
