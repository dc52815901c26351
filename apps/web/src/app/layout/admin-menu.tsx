import { Menu, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useMessages } from '../../lib/i18n.ts';
import { combineNotes, nameWithNote, type NavNotes } from './integrations-attention.ts';
import { layoutMessages } from './messages.ts';
import { AdminFace, NavBadge } from './nav-badge.tsx';
import { isActive, type NavItem } from './nav-items.ts';
import classes from './nav-bar.module.css';

/**
 * The administration's links in one menu, so that an admin's full bar fits narrower screens. Mantine's
 * Menu takes the arrow keys, Enter and Escape; it renders inside the nav (no portal) so that its
 * links stay part of the main navigation, positioned as fixed so that the scrolling link row does
 * not clip it.
 */
export function AdminMenu({ items, notes, pathname }: { items: NavItem[]; notes: NavNotes; pathname: string }) {
  const t = useMessages(layoutMessages);
  const current = items.some((item) => isActive(item, pathname));
  const menuNote = combineNotes(items.map((item) => notes[item.key]));
  return (
    <Menu position="bottom-end" withinPortal={false} floatingStrategy="fixed" shadow="md">
      <Menu.Target>
        <UnstyledButton
          className={classes.link}
          data-active={current || undefined}
          aria-label={menuNote ? nameWithNote(t('adminMenu'), menuNote, t) : undefined}
        >
          <AdminFace note={menuNote} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => {
          const active = isActive(item, pathname);
          const note = notes[item.key];
          return (
            <Menu.Item
              key={item.key}
              renderRoot={(props) => <Link {...props} {...item.link} />}
              aria-current={active ? 'page' : undefined}
              aria-label={note ? nameWithNote(t(item.key), note, t) : undefined}
              rightSection={<NavBadge note={note} />}
              fw={active ? 600 : undefined}
            >
              {t(item.key)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
