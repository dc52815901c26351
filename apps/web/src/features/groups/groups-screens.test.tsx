import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Group } from '@switchboard/shared';
import { type ApiCall, jsonReply, mockApi, renderApp, signInAs, uuid as id } from '../../lib/test-support.tsx';

function buildGroups(count: number): Group[] {
  return Array.from({ length: count }, (_, index) => ({
    _id: id(index + 1),
    group_name: `Group ${String(index + 1).padStart(2, '0')}`,
    sub_groups: [{ _id: id(100 + index), sub_group_bn: 'ধীর গতি', sub_group_en: `Slow ${index + 1}` }],
  }));
}

const callsTo = (calls: ApiCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);
const setup = () => userEvent.setup({ delay: null });

// Screens load lazily and Mantine animates: slow on a busy machine, so the tests get room.
describe('the create-group screen', { timeout: 30_000 }, () => {
  it('needs a group name and both names of every subgroup, then sends them all', async () => {
    signInAs('iptsp', 'moderator');
    const calls = mockApi({
      'POST /api/v1/groups': (call) =>
        jsonReply(201, { message: 'Group created', data: { _id: id(1), ...(call.body as object) } }),
      'GET /api/v1/groups': { data: [] },
    });
    const { router } = renderApp('/create-group');
    const user = setup();
    const submit = await screen.findByRole('button', { name: 'Create Group' }, { timeout: 5000 });

    await user.click(submit);
    expect(await screen.findByText('Group name is required')).toBeTruthy();
    expect(screen.getByText('Bangla name is required')).toBeTruthy();
    expect(screen.getByText('English name is required')).toBeTruthy();

    await user.type(screen.getByLabelText(/^Group Name/), 'Fiber');
    await user.type(screen.getByLabelText(/^Subgroup \(Bangla\)/), 'তার কাটা');
    await user.type(screen.getByLabelText(/^Subgroup \(English\)/), 'Cable cut');
    await user.click(screen.getByRole('button', { name: 'Add another subgroup' }));
    await user.type(screen.getAllByLabelText(/^Subgroup \(Bangla\)/)[1] as HTMLElement, 'সংকেত দুর্বল');
    await user.click(submit);
    expect(screen.getByText('English name is required')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/v1/groups')).toHaveLength(0);

    await user.type(screen.getAllByLabelText(/^Subgroup \(English\)/)[1] as HTMLElement, 'Weak signal');
    await user.click(submit);
    expect(await screen.findByText('Successfully created a new group')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/v1/groups')[0]?.body).toEqual({
      group_name: 'Fiber',
      sub_groups: [
        { sub_group_bn: 'তার কাটা', sub_group_en: 'Cable cut' },
        { sub_group_bn: 'সংকেত দুর্বল', sub_group_en: 'Weak signal' },
      ],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/group-info'));
  });

  it("shows the server's message when the name is taken", async () => {
    signInAs('iptsp', 'moderator');
    mockApi({ 'POST /api/v1/groups': jsonReply(409, { message: 'A group named "Fiber" already exists', code: 'conflict' }) });
    renderApp('/create-group');
    const user = setup();
    await user.type(await screen.findByLabelText(/^Group Name/, {}, { timeout: 5000 }), 'Fiber');
    await user.type(screen.getByLabelText(/^Subgroup \(Bangla\)/), 'ক');
    await user.type(screen.getByLabelText(/^Subgroup \(English\)/), 'K');
    await user.click(screen.getByRole('button', { name: 'Create Group' }));
    expect(await screen.findByText('A group named "Fiber" already exists')).toBeTruthy();
  });
});

describe('the group list', { timeout: 30_000 }, () => {
  it('sends support staff who type /group-info to the ticket list', async () => {
    signInAs('cc', 'support');
    mockApi();
    const { router } = renderApp('/group-info');
    await waitFor(() => expect(router.state.location.href).toBe('/tickets?page=1'));
  });

  it('pages ten groups at a time and shows Bangla and English names', async () => {
    signInAs('iptsp', 'moderator');
    mockApi({ 'GET /api/v1/groups': { data: buildGroups(12) } });
    renderApp('/group-info');
    expect(await screen.findByText('Group 01', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Showing 1-10 out of 12')).toBeTruthy();
    expect(screen.getAllByText('ধীর গতি')).toHaveLength(10);
    await setup().click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Group 12')).toBeTruthy();
    expect(screen.queryByText('Group 01')).toBeNull();
  });

  it('adds a subgroup through the dialog', async () => {
    signInAs('iptsp', 'moderator');
    const [group] = buildGroups(1);
    if (!group) throw new Error('no group');
    const calls = mockApi({
      'GET /api/v1/groups': { data: [group] },
      [`POST /api/v1/groups/${group._id}/subgroups`]: jsonReply(201, { message: 'Subgroups added', data: group }),
    });
    renderApp('/group-info');
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Add subgroup to Group 01' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Subgroup \(Bangla\)/), 'রাউটার বন্ধ');
    await user.type(within(dialog).getByLabelText(/^Subgroup \(English\)/), 'Router off');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Successfully created a new subgroup')).toBeTruthy();
    expect(callsTo(calls, 'POST', `/api/v1/groups/${group._id}/subgroups`)[0]?.body).toEqual({
      sub_groups: [{ sub_group_bn: 'রাউটার বন্ধ', sub_group_en: 'Router off' }],
    });
  });

  it("renames a subgroup in place and shows the server's message", async () => {
    signInAs('iptsp', 'moderator');
    const [group] = buildGroups(1);
    const sub = group?.sub_groups[0];
    if (!group || !sub) throw new Error('no group');
    const calls = mockApi({
      'GET /api/v1/groups': { data: [group] },
      [`PUT /api/v1/groups/${group._id}/${sub._id}`]: { message: 'Subgroup updated successfully', data: group },
    });
    renderApp('/group-info');
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Rename Slow 1' }, { timeout: 5000 }));
    const english = screen.getByLabelText('Subgroup (English)');
    await user.clear(english);
    await user.type(english, 'Very slow{Enter}');
    expect(await screen.findByText('Subgroup updated successfully')).toBeTruthy();
    expect(callsTo(calls, 'PUT', `/api/v1/groups/${group._id}/${sub._id}`)[0]?.body).toEqual({
      sub_group_bn: 'ধীর গতি',
      sub_group_en: 'Very slow',
    });
  });

  it('deletes a group after the confirm dialog', async () => {
    signInAs('iptsp', 'moderator');
    const [group] = buildGroups(1);
    if (!group) throw new Error('no group');
    const calls = mockApi({
      'GET /api/v1/groups': { data: [group] },
      [`DELETE /api/v1/groups/${group._id}`]: { message: 'Group deleted' },
    });
    renderApp('/group-info');
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Group 01' }, { timeout: 5000 }));
    expect(callsTo(calls, 'DELETE', `/api/v1/groups/${group._id}`)).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Successfully deleted')).toBeTruthy();
    expect(callsTo(calls, 'DELETE', `/api/v1/groups/${group._id}`)).toHaveLength(1);
  });

  it('says when the groups cannot be read', async () => {
    signInAs('iptsp', 'moderator');
    mockApi({ 'GET /api/v1/groups': jsonReply(500, { message: 'boom', code: 'internal' }) });
    renderApp('/group-info');
    expect(await screen.findByText('Failed to fetch groups', {}, { timeout: 5000 })).toBeTruthy();
  });
});
