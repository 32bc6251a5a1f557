import { describe, expect, it } from '@jest/globals';
import { translationProblems } from '../../../jest/translations.ts';

/**
 * "Pages" and "Administration" are the French words too, "Person" the German one, "File" the Italian one; "Actions",
 * "Status" and "Administrator" are the French, German and Romansh words too; "Name" is German, "Tokens" the German
 * and Romansh plural; "Action", "Person", "System" and "Object" are words of French, German and Romansh too;
 * "Questions", "Question" and "version" are French as well.
 */
const SAME_AS_ENGLISH = [
  'fr:paging.label',
  'fr:hub.title',
  'de:reviews.person',
  'it:reviews.file',
  'fr:adminUsers.actions',
  'de:adminUsers.status',
  'de:adminUsers.roles.admin',
  'rm:adminUsers.status',
  'fr:scim.actions',
  'de:scim.label',
  'de:scim.tokensTitle',
  'rm:scim.tokensTitle',
  'fr:audit.action',
  'de:audit.person',
  'de:audit.system',
  'rm:audit.object',
  'de:sso.status',
  'rm:sso.status',
  'fr:quizReport.itemsTitle',
  'fr:quizReport.question',
  'fr:quizReport.versionOf',
  'fr:quizReport.actions',
  'de:quizReport.person',
];

describe('administration slice translations', () => {
  it('when every language has every key in its own words, then no problem is found', () => {
    expect(translationProblems(import.meta.dirname, SAME_AS_ENGLISH)).toEqual([]);
  });
});
