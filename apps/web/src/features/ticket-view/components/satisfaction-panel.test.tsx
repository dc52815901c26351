import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../lib/test-support.tsx';
import { SatisfactionPanel } from './satisfaction-panel.tsx';

const LOW = { score: 2, channel: 'sms', comment: 'Took four days to fix', rated_at: '2026-11-20T04:30:00.000Z' } as const;

describe('the satisfaction panel', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  it('shows a low rating in red: its score, channel, time and comment', () => {
    renderWithProviders(<SatisfactionPanel rating={LOW} timeZone="Asia/Dhaka" />);
    expect(screen.getByRole('heading', { name: 'Satisfaction' })).toBeTruthy();
    expect(screen.getByText('Rated 2 of 5')).toBeTruthy();
    expect(screen.getByText('2 / 5')).toBeTruthy();
    expect(screen.getByText('Low rating')).toBeTruthy();
    expect(screen.getByText(/^by SMS · Nov 20/)).toBeTruthy();
    expect(screen.getByText('Took four days to fix')).toBeTruthy();
  });

  it('shows a good rating by e-mail without the low mark or a comment', () => {
    renderWithProviders(
      <SatisfactionPanel rating={{ ...LOW, score: 5, channel: 'email', comment: null }} timeZone="Asia/Dhaka" />,
    );
    expect(screen.getByText('5 / 5')).toBeTruthy();
    expect(screen.getByText(/^by e-mail · /)).toBeTruthy();
    expect(screen.queryByText('Low rating')).toBeNull();
  });

  it('shows nothing before the issuer has rated the ticket', () => {
    renderWithProviders(<SatisfactionPanel rating={null} timeZone="Asia/Dhaka" />);
    expect(screen.queryByTestId('satisfaction-panel')).toBeNull();
  });

  it('speaks Bangla with Latin digits', async () => {
    await changeLanguage('bn');
    renderWithProviders(<SatisfactionPanel rating={LOW} timeZone="Asia/Dhaka" />);
    expect(screen.getByRole('heading', { name: 'সন্তুষ্টি' })).toBeTruthy();
    expect(screen.getByText('5-এর মধ্যে 2 রেটিং')).toBeTruthy();
    expect(screen.getByText(/^এসএমএসে · /)).toBeTruthy();
  });
});
