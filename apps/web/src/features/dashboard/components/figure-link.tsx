import { Anchor, type AnchorProps } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { FigureSearch } from '../figures.ts';

/** A figure that opens the ticket list it counts. */
export function TicketsLink({ search, children, ...props }: { search: FigureSearch; children: ReactNode } & AnchorProps) {
  return (
    <Anchor {...props} renderRoot={(rootProps) => <Link to="/tickets" search={search} {...rootProps} />}>
      {children}
    </Anchor>
  );
}
