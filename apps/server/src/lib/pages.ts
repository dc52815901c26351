/** Page arithmetic of the spec's paged lists, shared by every paged reply. */
import { PAGE_SIZE } from '@switchboard/shared';

export interface PageLinks {
  total_pages: number;
  previous_page: number | null;
  next_page: number | null;
}

/** Last page = ceil(total / size), 10 a page unless the list says otherwise; neighbours are null at the ends. */
export function pageLinks(page: number, total: number, size = PAGE_SIZE): PageLinks {
  const totalPages = Math.ceil(total / size);
  return {
    total_pages: totalPages,
    // Past the end, "previous" leads back to the last page that has rows.
    previous_page: page > 1 && totalPages > 0 ? Math.min(page - 1, totalPages) : null,
    next_page: page < totalPages ? page + 1 : null,
  };
}
