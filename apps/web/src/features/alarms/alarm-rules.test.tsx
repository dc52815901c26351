import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, jsonReply, mockApi, renderApp, signInAs } from '../../lib/test-support.tsx';
import { GROUPS, pageOf, rule } from './alarms-fixtures.ts';
import { areaCodesOf } from './alarm-rule-dialog.tsx';
import { movedOrder } from './rules-section.tsx';

const RULES = [rule(1), rule(2), rule(3, { matchers: [], name: 'Everything else' })];
const callsOf = (calls: ApiCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);
const setup = () => userEvent.setup({ delay: null });

function rulesApi(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/v1/alarms': pageOf([]),
    'GET /api/v1/alarm-rules': { data: RULES },
    'GET /api/v1/groups': { data: GROUPS },
    ...overrides,
  });
}

async function openDialog(user: ReturnType<typeof setup>, button: string, title: string) {
  await user.click(await screen.findByRole('button', { name: button }, { timeout: 5000 }));
  return within(await screen.findByRole('dialog', { name: title }, { timeout: 5000 }));
}

describe('the routing rules of the alarms screen', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists the rules in order, says the first match wins, and moves one down with the keyboard', async () => {
    signInAs('cc', 'admin');
    // The server keeps the order it is sent.
    let held = RULES;
    const calls = rulesApi({
      'GET /api/v1/alarm-rules': () => ({ data: held }),
      'PUT /api/v1/alarm-rules/order': (call) => {
        const { ids } = call.body as { ids: string[] };
        held = ids.map((id, index) => ({ ...(RULES.find((candidate) => candidate.id === id) ?? rule(9)), position: index + 1 }));
        return { data: held };
      },
    });
    renderApp('/alarms?view=rules');
    expect(
      await screen.findByText(/the first rule whose matchers all match routes the alarm/, {}, { timeout: 5000 }),
    ).toBeTruthy();
    const items = await screen.findAllByRole('listitem', {}, { timeout: 5000 });
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['Rule 1', 'Rule 2', 'Everything else']);
    expect(within(items[2] as HTMLElement).getByText('Matches every alarm')).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText('site=site-1')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Move Rule 1 up' }).disabled).toBe(true);

    const down = screen.getByRole('button', { name: 'Move Rule 1 down' });
    down.focus();
    await setup().keyboard('{Enter}');
    expect(await screen.findByText('Rule order saved')).toBeTruthy();
    expect(callsOf(calls, 'PUT', '/api/v1/alarm-rules/order').map((call) => call.body)).toEqual([
      { ids: [RULES[1]?.id, RULES[0]?.id, RULES[2]?.id] },
    ]);
    expect(screen.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual([
      'Rule 2',
      'Rule 1',
      'Everything else',
    ]);
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Move Rule 1 down');
  });

  it('refuses a lookahead on its field, shows the server’s refusal of an expression on its field, then adds the rule', async () => {
    signInAs('cc', 'admin');
    let refuse = true;
    const calls = rulesApi({
      'POST /api/v1/alarm-rules': (call) =>
        refuse
          ? jsonReply(400, {
              message: 'matchers.0.value: Not a valid regular expression: missing )',
              code: 'validation',
              details: { 'matchers.0.value': 'Not a valid regular expression: missing )' },
            })
          : jsonReply(201, { data: rule(4, call.body as object) }),
    });
    renderApp('/alarms?view=rules');
    const user = setup();
    const dialog = await openDialog(user, 'Add rule', 'Add routing rule');

    await user.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Mirpur OLTs');
    await user.click(dialog.getByRole('button', { name: 'Add matcher' }));
    const row = within(dialog.getByRole('group', { name: 'Matcher 1' }));
    await user.type(row.getByRole('textbox', { name: 'Label name' }), 'device');
    await user.selectOptions(row.getByRole('combobox', { name: 'Operator' }), '=~');
    await user.type(row.getByRole('textbox', { name: 'Value' }), 'olt-(?=1)');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await dialog.findByText('Lookarounds and backreferences are not allowed in a regular expression')).toBeTruthy();
    expect(dialog.getByText('Choose a group')).toBeTruthy();
    expect(callsOf(calls, 'POST', '/api/v1/alarm-rules')).toEqual([]);

    await user.clear(row.getByRole('textbox', { name: 'Value' }));
    await user.type(row.getByRole('textbox', { name: 'Value' }), 'olt-(1');
    await user.click(dialog.getByLabelText(/^Group/, { selector: 'input' }));
    await user.click(await screen.findByText('Broadband', { selector: '[role="option"] span' }));
    await user.type(dialog.getByRole('textbox', { name: /^Area codes/ }), 'DHK-12, DHK-13');
    await user.type(dialog.getByRole('textbox', { name: /^Restoration message/ }), 'Service is back.');
    await user.click(dialog.getByRole('switch', { name: /Resolve the incident by itself/ }));
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    const valueField = row.getByRole('textbox', { name: 'Value' });
    await vi.waitFor(() => expect(valueField.getAttribute('aria-invalid')).toBe('true'));
    expect(row.getByText('Not a valid regular expression: missing )')).toBeTruthy();

    refuse = false;
    await user.clear(valueField);
    await user.type(valueField, 'olt-(1|2)');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Rule added')).toBeTruthy();
    expect(callsOf(calls, 'POST', '/api/v1/alarm-rules').map((call) => call.body)).toContainEqual({
      name: 'Mirpur OLTs',
      matchers: [{ name: 'device', op: '=~', value: 'olt-(1|2)' }],
      group_id: GROUPS[0]?._id,
      sub_group_id: null,
      area_codes: ['DHK-12', 'DHK-13'],
      public_note_template: '',
      restoration_message: 'Service is back.',
      auto_resolve: true,
    });
  });

  it('edits a rule with PATCH and deletes one after the confirm dialog', async () => {
    signInAs('cc', 'admin');
    const base = `/api/v1/alarm-rules/${RULES[1]?.id ?? ''}`;
    const calls = rulesApi({
      [`PATCH ${base}`]: (call: ApiCall) => ({ data: { ...RULES[1], ...(call.body as object) } }),
      [`DELETE ${base}`]: new Response(null, { status: 204 }),
    });
    renderApp('/alarms?view=rules');
    const user = setup();
    const dialog = await openDialog(user, 'Edit Rule 2', 'Edit routing rule');
    const name = dialog.getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Gulshan');
    await user.click(dialog.getByRole('button', { name: 'Remove matcher 1' }));
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Rule saved')).toBeTruthy();
    expect(callsOf(calls, 'PATCH', base).map((call) => call.body)).toEqual([
      expect.objectContaining({ name: 'Gulshan', matchers: [], sub_group_id: RULES[1]?.sub_group_id }),
    ]);

    await user.click(screen.getByRole('button', { name: 'Delete Rule 2' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete rule' }, { timeout: 5000 }));
    await user.click(confirm.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Rule deleted')).toBeTruthy();
    expect(callsOf(calls, 'DELETE', base)).toHaveLength(1);
  });

  it('moves a rule within the order and splits area codes on commas and spaces', () => {
    expect(movedOrder(RULES, RULES[2] ?? rule(9), -1)).toEqual([RULES[0]?.id, RULES[2]?.id, RULES[1]?.id]);
    expect(movedOrder(RULES, RULES[0] ?? rule(9), -1)).toEqual(RULES.map((candidate) => candidate.id));
    expect(areaCodesOf(' DHK-12,DHK-13  CTG_1 ')).toEqual(['DHK-12', 'DHK-13', 'CTG_1']);
  });
});
