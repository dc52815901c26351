/** The words of the service levels screen (DESIGN.md §17). */
export const serviceLevelsMessages = {
  title: 'Service levels',
  intro:
    'How many hours each department has for the first staff reply and to resolve a ticket. A ticket past its time is marked Overdue; a change applies to the unsolved tickets at once.',
  firstReply: 'First reply (hours)',
  resolve: 'Resolve (hours)',
  save: 'Save',
  saved: (department: string) => `Service levels of ${department} saved`,
  loading: 'Loading service levels...',
  failedToFetch: 'Could not load the service levels.',
} as const;
