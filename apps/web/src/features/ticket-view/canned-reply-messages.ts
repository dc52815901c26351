/** The words of the comment form's canned-reply picker (DESIGN.md §19). */
export const cannedReplyMessages = {
  picker: {
    open: 'Insert reply',
    label: 'Canned replies',
    search: 'Search replies',
    none: 'No reply matches.',
    loading: 'Loading replies…',
    more: (total: number) => `${total} replies match; search to narrow them down.`,
  },
} as const;
