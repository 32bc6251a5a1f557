import { TRAINING_STATUSES } from '@portal/contracts/training';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import input from '@portal/web-kit/styles/input.module.css';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../../components/admin.module.css';
import { ChoiceField } from '@portal/web-kit/choice-field';
import { LabelledField } from '@portal/web-kit/labelled-field';
import { ADMIN_NAMESPACE } from '../../../lib/i18n.ts';
import type { Option } from '../../../lib/training-options.ts';
import type { ReportFilter } from '../lib/report-filter.ts';

interface Props {
  filter: ReportFilter;
  courses: Option[];
  groups: Option[];
  onChange: (change: Partial<Omit<ReportFilter, 'page'>>) => void;
}

/**
 * Course, group, status and whether leavers are shown change the report at once; the search when it is sent (Enter
 * or Search).
 */
export function ReportFilters({ filter, courses, groups, onChange }: Props) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const [q, setQ] = useState(filter.q);
  const [shownQuery, setShownQuery] = useState(filter.q);
  // The URL's search changed (back button, a link): the box follows it.
  if (filter.q !== shownQuery) {
    setShownQuery(filter.q);
    setQ(filter.q);
  }
  const search = (event: FormEvent) => {
    event.preventDefault();
    onChange({ q });
  };
  const statuses = TRAINING_STATUSES.map((status) => ({ id: status, name: t(`reports.status.${status}`) }));
  const choosers = [
    { name: 'courseId', id: 'report-course', label: 'reports.course', none: 'reports.allCourses', choices: courses },
    { name: 'groupId', id: 'report-group', label: 'reports.group', none: 'reports.allGroups', choices: groups },
    {
      name: 'status',
      id: 'report-status',
      label: 'reports.statusLabel',
      none: 'reports.allStatuses',
      choices: statuses,
    },
  ] as const;
  return (
    <form className={styles.fields} onSubmit={search} role="search" aria-label={t('reports.filters')}>
      {choosers.map(({ name, id, label, none, choices }) => (
        <ChoiceField
          key={name}
          id={id}
          label={t(label)}
          value={filter[name]}
          none={t(none)}
          choices={choices}
          onChoose={(chosen) => onChange({ [name]: chosen })}
        />
      ))}
      <LabelledField htmlFor="report-search" label={t('reports.search')}>
        <div className={styles.searchRow}>
          <input
            id="report-search"
            type="search"
            className={input.input}
            value={q}
            placeholder={t('reports.searchPlaceholder')}
            onChange={(event) => setQ(event.target.value)}
          />
          <button type="submit" className={buttons.button}>
            {t('reports.searchButton')}
          </button>
        </div>
      </LabelledField>
      <label className={styles.option}>
        <input
          type="checkbox"
          checked={filter.includeLeavers}
          onChange={(event) => onChange({ includeLeavers: event.target.checked })}
        />
        {t('reports.includeLeavers')}
      </label>
    </form>
  );
}
