import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HighlightedText, splitMatches } from './highlighted-text.tsx';

describe('HighlightedText', () => {
  it('marks every match, whatever its case, and leaves the rest as text', () => {
    const { container } = render(<HighlightedText text="Router and ROUTER again" words="router" />);
    expect([...container.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Router', 'ROUTER']);
    expect(container.textContent).toBe('Router and ROUTER again');
  });

  it('marks parts of Bangla words', () => {
    const { container } = render(<HighlightedText text="আমার ইন্টারনেট ধীর" words="ইন্টার" />);
    expect(container.querySelector('mark')?.textContent).toBe('ইন্টার');
  });

  it('takes the search literally and never renders markup', () => {
    expect(splitMatches('a.b axb', 'a.b')).toEqual(['', 'a.b', ' axb']);
    const { container } = render(<HighlightedText text="<b>bold</b> 100%" words="<b>" />);
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('mark')?.textContent).toBe('<b>');
  });

  it('shows the plain text without a search', () => {
    const { container } = render(<HighlightedText text="Router" words={undefined} />);
    expect(container.querySelector('mark')).toBeNull();
    expect(container.textContent).toBe('Router');
  });
});
