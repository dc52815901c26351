/**
 * The words of the shared value sets (status, priority, department, user type, role) and of subgroup names
 * in the interface's language. English is the spec's (the shared `*_LABELS`, checked by
 * labels.test.ts); a subgroup shows its Bangla or English name by language (DESIGN.md §16).
 */
import type { Department, IssuedTo, Role, TicketPriority, TicketStatus, UserType } from '@switchboard/shared';
import { currentLanguage, translate, useMessages, type Translate } from './i18n.ts';
import { labelMessages } from './messages.ts';

export interface SubgroupNames {
  sub_group_en: string;
  /** None, or blank, reads as the English name. */
  sub_group_bn: string | null | undefined;
}

export interface Labels {
  status: (status: TicketStatus) => string;
  priority: (priority: TicketPriority) => string;
  department: (department: Department) => string;
  /** Who holds a ticket: a department by its name, the agent holder as "Agent". */
  holder: (issuedTo: IssuedTo) => string;
  userType: (userType: UserType) => string;
  role: (role: Role) => string;
  subgroup: (names: SubgroupNames) => string;
  corporateSupport: string;
  fallbackError: string;
}

function labelsOf(t: Translate<keyof typeof labelMessages.english>): Labels {
  return {
    status: (status) => t(`status.${status}`),
    priority: (priority) => t(`priority.${priority}`),
    department: (department) => t(`department.${department}`),
    holder: (issuedTo) => (issuedTo === 'agent' ? t('userType.agent') : t(`department.${issuedTo}`)),
    userType: (userType) => t(`userType.${userType}`),
    role: (role) => t(`role.${role}`),
    // An empty Bangla name (none was given) falls back to the English one.
    subgroup: (names) => (currentLanguage() === 'bn' && names.sub_group_bn?.trim() ? names.sub_group_bn : names.sub_group_en),
    corporateSupport: t('corporateSupport'),
    fallbackError: t('fallbackError'),
  };
}

/** The labels for a component, which renders again when the language changes. */
export function useLabels(): Labels {
  return labelsOf(useMessages(labelMessages));
}

/** The labels outside React (toasts from handlers). */
export function currentLabels(): Labels {
  return labelsOf((key, values) => translate(labelMessages, key, values));
}
