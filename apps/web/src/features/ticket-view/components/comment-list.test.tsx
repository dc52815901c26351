import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TicketComment } from '@switchboard/shared';
import { renderWithProviders } from '../../../lib/test-support.tsx';
import { CommentList } from './comment-list.tsx';

const comment = (id: string, source: TicketComment['source'], minute: number): TicketComment => ({
  id,
  commenter_name: 'Rafiq Islam',
  created_at: `2026-11-20T04:${String(minute).padStart(2, '0')}:00.000Z`,
  message: `Message ${id}`,
  attachments: [],
  is_internal: false,
  source,
});

const COMMENTS = [comment('web', 'web', 10), comment('sms', 'sms', 20), comment('mail', 'email', 30)];

describe('the comments of a ticket', () => {
  it('tell staff which comment came by SMS or by e-mail, next to its time', () => {
    renderWithProviders(<CommentList comments={COMMENTS} markInternal timeZone="Asia/Dhaka" />);
    expect(screen.getAllByTestId('comment')).toHaveLength(3);
    expect(screen.getByText('Nov 20 • 10:10:00 AM')).toBeTruthy();
    expect(screen.getByText('Nov 20 • 10:20:00 AM · by SMS')).toBeTruthy();
    expect(screen.getByText('Nov 20 • 10:30:00 AM · by e-mail')).toBeTruthy();
  });

  it('say nothing of it to customers and agents', () => {
    renderWithProviders(<CommentList comments={COMMENTS} markInternal={false} timeZone="Asia/Dhaka" />);
    expect(screen.getByText('Nov 20 • 10:20:00 AM')).toBeTruthy();
    expect(screen.queryByText(/by SMS|by e-mail/)).toBeNull();
  });
});
