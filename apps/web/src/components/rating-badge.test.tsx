import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../lib/test-support.tsx';
import { RatingBadge } from './rating-badge.tsx';

describe('the rating badge', () => {
  it('marks a rating of 1 or 2 as low, and reads out the score', () => {
    renderWithProviders(
      <>
        <RatingBadge score={2} />
        <RatingBadge score={3} />
      </>,
    );
    const [low, fair] = screen.getAllByTestId('rating-badge');
    expect(low?.textContent).toBe('★ 2/5Rated 2 of 5');
    expect(low?.getAttribute('data-low')).toBe('true');
    expect(fair?.getAttribute('data-low')).toBeNull();
    expect(screen.getByText('Rated 3 of 5')).toBeTruthy();
  });
});
