import { Text, Title } from '@mantine/core';

export interface ScreenHeadingProps {
  title: string;
  intro?: string | undefined;
  /** 1 for a screen's title, 2 for a panel's. */
  order?: 1 | 2;
}

/** A screen's (or a panel's) title with its one-line introduction below. */
export function ScreenHeading({ title, intro, order = 1 }: ScreenHeadingProps) {
  return (
    <div>
      <Title order={order} size={order === 1 ? 'h2' : 'h4'}>
        {title}
      </Title>
      {intro && (
        <Text c="dimmed" size="sm">
          {intro}
        </Text>
      )}
    </div>
  );
}
