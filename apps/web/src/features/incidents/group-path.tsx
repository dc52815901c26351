import { Fragment } from 'react';

/**
 * "Group › Subgroup" of an incident. Each name is isolated (<bdi>): a Bangla name, or one holding
 * a direction override, cannot turn the rest of the line around.
 */
export function GroupPath({ group, subgroup }: { group: string | null; subgroup: string | null }) {
  const names = [group, subgroup].filter((name): name is string => Boolean(name));
  return names.map((name, index) => (
    <Fragment key={index}>
      {index > 0 && ' › '}
      <bdi>{name}</bdi>
    </Fragment>
  ));
}
