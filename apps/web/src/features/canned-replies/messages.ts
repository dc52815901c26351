/** The words of the canned replies: the management screen and the comment form's picker (DESIGN.md §19). */
export const messages = {
  title: 'Canned replies',
  intro:
    'Ready answers for the questions asked every day. In a body, {ticket_id}, {customer_name} and {number} are filled from the ticket when the reply is inserted.',
  search: 'Search replies',
  searchPlaceholder: 'Title or text',
  create: 'New reply',
  edit: 'Edit',
  delete: 'Delete',
  loading: 'Loading replies…',
  empty: 'No canned replies yet.',
  noMatch: 'No reply matches this search.',
  shared: 'All departments',
  columns: { title: 'Title', department: 'Department', text: 'Text', actions: 'Actions' },
  form: {
    createTitle: 'New canned reply',
    editTitle: 'Edit canned reply',
    body: 'Write the answer once; staff insert it into a comment in two clicks.',
    title: 'Title',
    bodyEn: 'Text (English)',
    bodyBn: 'Text (Bangla, optional)',
    bodyBnHint: 'Used when the reader has chosen Bangla; the English text otherwise.',
    department: 'Department',
    placeholders: 'Placeholders: {ticket_id}, {customer_name}, {number}',
    saved: 'Canned reply saved',
  },
  deleteDialog: {
    title: 'Delete canned reply',
    body: (title: string) => `Delete "${title}"? Staff can no longer insert it.`,
    done: 'Canned reply deleted',
  },
} as const;
