import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../lib/test-support.tsx';
import { StackAfterFirstPaint } from './stack-after-first-paint.tsx';

describe('a stack mounted after the first paint', () => {
  it('is an empty box on the first render and gets its children once the screen has painted', async () => {
    renderWithProviders(
      <div>
        <h1>The ticket</h1>
        <StackAfterFirstPaint data-testid="side">
          <p>History of the number</p>
        </StackAfterFirstPaint>
      </div>,
    );
    expect(screen.getByRole('heading', { name: 'The ticket' })).toBeTruthy();
    expect(screen.getByTestId('side').childElementCount).toBe(0);
    expect(await screen.findByText('History of the number')).toBeTruthy();
  });
});
