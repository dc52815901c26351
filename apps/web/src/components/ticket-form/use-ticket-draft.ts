import { isValidPhoneEntry, normaliseLineBreaks, withCountryPrefix, type IssueTicketInput } from '@switchboard/shared';
import { useState } from 'react';
import { useGroupChoices, useGroups, type GroupChoices } from '../../entities/groups.ts';
import { useImageUploads, type ImageUploads } from '../../lib/use-image-uploads.ts';
import type { UploadOptions } from '../../lib/uploads.ts';

/** The fields both ticket forms send; each form adds its own (issuer type, e-mail). */
export type TicketDraftFields = Omit<IssueTicketInput, 'issuer_user_type'>;

export interface TicketDraftOptions {
  uploads: Pick<UploadOptions, 'presignPath' | 'anonymous' | 'presignFields'>;
  /** Called on every edit (the public form clears the last refusal). */
  onEdit?: () => void;
}

export interface TicketDraft extends GroupChoices {
  groupId: string | null;
  chooseGroup: (id: string | null) => void;
  subgroupId: string | null;
  chooseSubgroup: (id: string | null) => void;
  title: string;
  setTitle: (title: string) => void;
  /** The digits typed after +88. */
  numberEntry: string;
  setNumberEntry: (digits: string) => void;
  /** The number field has been left once: its error may show. */
  numberTouched: boolean;
  touchNumber: () => void;
  description: string;
  setDescription: (description: string) => void;
  uploads: ImageUploads;
  /** A group is chosen, and a subgroup when the group has any (the server asks for one then). */
  chosen: boolean;
  /** Title, a valid number and description typed, and the group chosen: the spec's condition for Submit. */
  filled: boolean;
  failedUploads: boolean;
  /** What the endpoint's schema parses: trimmed title, stored number, normalised description. */
  fields: TicketDraftFields;
}

/**
 * The state of a ticket being written, as both ticket forms keep it: the group and subgroup, title,
 * number, description and the images being uploaded, and the fields they make for the endpoint.
 */
export function useTicketDraft({ uploads: uploadOptions, onEdit }: TicketDraftOptions): TicketDraft {
  const groups = useGroups();
  const uploads = useImageUploads(uploadOptions);
  const [groupId, setGroupId] = useState<string | null>(null);
  const [subgroupId, setSubgroupId] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [numberEntry, setNumberEntry] = useState('');
  const [numberTouched, setNumberTouched] = useState(false);
  const [description, setDescription] = useState('');
  const choices = useGroupChoices(groups.data, groupId, subgroupId);
  const { group, subgroup, subgroupOptions } = choices;
  const chosen = group !== undefined && (subgroup !== undefined || subgroupOptions.length === 0);

  const edited =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      onEdit?.();
    };

  return {
    ...choices,
    groupId,
    chooseGroup: edited((id: string | null) => {
      setGroupId(id);
      setSubgroupId(null);
    }),
    subgroupId,
    chooseSubgroup: edited(setSubgroupId),
    title,
    setTitle: edited(setTitle),
    numberEntry,
    setNumberEntry: edited(setNumberEntry),
    numberTouched,
    touchNumber: () => setNumberTouched(true),
    description,
    setDescription: edited(setDescription),
    uploads,
    chosen,
    filled: chosen && title.trim() !== '' && isValidPhoneEntry(numberEntry) && description.trim() !== '',
    failedUploads: uploads.items.some((item) => item.status === 'failed'),
    fields: {
      title: title.trim(),
      problematic_number: withCountryPrefix(numberEntry),
      description: normaliseLineBreaks(description),
      attachments: uploads.urls,
      group_id: group?._id ?? '',
      group_name: group?.group_name,
      sub_group_id: subgroup?._id ?? null,
      sub_group_name: subgroup?.sub_group_en ?? null,
    },
  };
}
