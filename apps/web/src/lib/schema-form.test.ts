import { describe, expect, it } from 'vitest';
import { createGroupBodySchema, NAME_MAX_LENGTH, signupBodySchema } from '@switchboard/shared';
import { errorsOf, validateWith } from './schema-form.ts';

describe('validateWith', () => {
  it("gives the parsed body when the endpoint's schema accepts it", () => {
    const result = validateWith(createGroupBodySchema, {
      group_name: ' Internet ',
      sub_groups: [{ sub_group_bn: 'ধীর গতি', sub_group_en: 'Slow speed' }],
    });
    expect(result).toEqual({
      ok: true,
      body: { group_name: 'Internet', sub_groups: [{ sub_group_bn: 'ধীর গতি', sub_group_en: 'Slow speed' }] },
    });
  });

  it("keys the schema's messages by field path, the first message of a field winning", () => {
    const result = validateWith(createGroupBodySchema, {
      group_name: 'x'.repeat(NAME_MAX_LENGTH + 1),
      sub_groups: [{ sub_group_bn: '', sub_group_en: 'Slow speed' }],
    });
    expect(errorsOf(result)).toEqual({
      group_name: `Group name has at most ${NAME_MAX_LENGTH} characters`,
      'sub_groups.0.sub_group_bn': 'Bangla name is required',
    });
  });

  it('has no errors for a valid body', () => {
    const body = {
      name: 'Mitu',
      product_number: '8809638000011',
      phone_number: '8801712345678',
      user_type: 'rs',
      role: 'support',
    };
    expect(errorsOf(validateWith(signupBodySchema, body))).toEqual({});
  });
});
