import type { Migration } from '@portal/kit/db';

/** The object filter finds what the page shows (an e-mail, a course title) by its beginning, in any case. */
export const objectLabelIndex: Migration = {
  id: '004-object-label-index',
  statements: [
    `create index audit_entries_object_label on audit_entries
      (lower(record->'object'->>'label') text_pattern_ops, seq desc)`,
  ],
};
