/** The words of the create form's notice about a number's open tickets (DESIGN.md §12). */
export const openTicketsMessages = {
  heading: (count: number) => `This number has ${count} open ${count === 1 ? 'ticket' : 'tickets'}`,
  hint: 'If this is the same problem, add a comment to the open ticket instead of raising a new one.',
  ticket: (id: number, title: string) => `#${id} ${title}`,
  more: (count: number) => `and ${count} more`,
};
