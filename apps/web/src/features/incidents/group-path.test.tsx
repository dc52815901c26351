import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GroupPath } from './group-path.tsx';

describe('the group path of an incident', () => {
  it('isolates each name, so that a direction override stays inside it', () => {
    const { container } = render(
      <p>
        <GroupPath group={'\u202eInternet'} subgroup="ধীর গতি" /> · 12 tickets
      </p>,
    );
    expect([...container.querySelectorAll('bdi')].map((name) => name.textContent)).toEqual(['\u202eInternet', 'ধীর গতি']);
    expect(container.textContent).toBe('\u202eInternet › ধীর গতি · 12 tickets');
  });

  it('shows the group alone when there is no subgroup, and nothing without either', () => {
    const { container, rerender } = render(<GroupPath group="Internet" subgroup={null} />);
    expect(container.textContent).toBe('Internet');
    rerender(<GroupPath group={null} subgroup={null} />);
    expect(container.textContent).toBe('');
  });
});
