import { isValidPhoneEntry, normaliseLineBreaks, withCountryPrefix, type IssueTicketInput } from '@switchboard/shared';
import { useEffect, useState } from 'react';
import { useGroupChoices, useGroups, type GroupChoices } from '../../entities/groups.ts';
import { useImageUploads, type ImageUploads } from '../../lib/use-image-uploads.ts';
import type { UploadOptions } from '../../lib/uploads.ts';

/** The fields both ticket forms send; each form adds its own (issuer type, e-mail). */
export type TicketDraftFields = Omit<IssueTicketInput, 'issuer_user_type'>;

export interface TicketDraftOptions {
  uploads: Pick<UploadOptions, 'presignPath' | 'anonymous' | 'presignFields'>;
  /** Called on every edit (the public form clears the last refusal). */
  onEdit?: () => void;
  /**
   * A sessionStorage key under which the typed fields (not the images) are kept while they are
   * typed and read back when the form opens again: following a link away and coming Back finds them.
   */
  keepIn?: string;
}

/** What a kept draft holds: the typed fields and the chosen group, not the images. */
interface KeptDraft {
  groupId: string | null;
  subgroupId: string | null;
  title: string;
  numberEntry: string;
  description: string;
}

function readKept(key: string | undefined): Partial<KeptDraft> {
  if (!key) return {};
  try {
    const kept: unknown = JSON.parse(sessionStorage.getItem(key) ?? '{}');
    return typeof kept === 'object' && kept !== null ? kept : {};
  } catch {
    return {};
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const idOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

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
export function useTicketDraft({ uploads: uploadOptions, onEdit, keepIn }: TicketDraftOptions): TicketDraft {
  const groups = useGroups();
  const uploads = useImageUploads(uploadOptions);
  const [kept] = useState(() => readKept(keepIn));
  const [groupId, setGroupId] = useState<string | null>(idOrNull(kept.groupId));
  const [subgroupId, setSubgroupId] = useState<string | null>(idOrNull(kept.subgroupId));
  const [title, setTitle] = useState(text(kept.title));
  const [numberEntry, setNumberEntry] = useState(text(kept.numberEntry));
  const [numberTouched, setNumberTouched] = useState(false);
  const [description, setDescription] = useState(text(kept.description));
  useEffect(() => {
    if (!keepIn) return;
    const draft: KeptDraft = { groupId, subgroupId, title, numberEntry, description };
    if (!groupId && !title && !numberEntry && !description) sessionStorage.removeItem(keepIn);
    else sessionStorage.setItem(keepIn, JSON.stringify(draft));
  }, [keepIn, groupId, subgroupId, title, numberEntry, description]);
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
