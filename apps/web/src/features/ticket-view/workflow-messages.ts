/** The words of the ticket actions: Forward, Resolve, Resolve & Forward to cc (spec §4, §8 texts exact). */
import { CORPORATE_SUPPORT_LABEL, FORWARD_SUCCESS_MESSAGE, RESOLVE_SUCCESS_MESSAGE } from '@switchboard/shared';

export const workflowMessages = {
  heading: 'Actions',
  forward: {
    button: 'Forward',
    title: (ticketId: number) => `Forward ticket #${ticketId}`,
    body: (holder: string) => `This ticket is with ${holder}. Choose where it goes next and tell them why.`,
    target: 'Forward to',
    targetPlaceholder: 'Choose a department',
    targetRequired: 'Choose the department to forward to',
    success: FORWARD_SUCCESS_MESSAGE,
  },
  cause: {
    label: 'Cause',
    placeholder: 'What should they do, and what has been tried?',
  },
  stayInLoop: {
    label: 'Stay in the forward loop',
    description: 'Keep this ticket in your Forwarded Tickets after it leaves.',
  },
  resolve: {
    button: 'Resolve',
    title: (ticketId: number) => `Resolve ticket #${ticketId}`,
    body: 'Mark this ticket as solved? The customer will see it as Solved.',
    success: RESOLVE_SUCCESS_MESSAGE,
  },
  resolveAndForward: {
    button: `Resolve & Forward to ${CORPORATE_SUPPORT_LABEL}`,
    title: `Resolve & Forward to ${CORPORATE_SUPPORT_LABEL}`,
    body: `The ticket will be marked as solved and handed to ${CORPORATE_SUPPORT_LABEL}.`,
    partialTitle: 'Resolved, but not forwarded',
    partial: (reason: string) => `Resolved, but forwarding to ${CORPORATE_SUPPORT_LABEL} failed: ${reason}`,
    success: FORWARD_SUCCESS_MESSAGE,
  },
} as const;
