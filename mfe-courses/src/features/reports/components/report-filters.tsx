import { TRAINING_STATUSES } from '@portal/contracts/training';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import field from '@portal/web-kit/styles/field.module.css';
import input from '@portal/web-kit/styles/input.module.css';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../../components/admin.module.css';
import { COURSES_NAMESPACE } from '../../../lib/i18n.ts';
import type { Option } from '../../../lib/training-options.ts';
import type { ReportFilter } from '../lib/report-filter.ts';

interface Props {
  filter: ReportFilter;
  courses: Option[];
  groups: Option[];
  onChange: (change: Partial<Omit<ReportFilter, 'page'>>) => void;
}

/** Course, group and status narrow the report at once; the search when it is sent (Enter or Search). */
export function ReportFilters({ filter, courses, groups, onChange }: Props) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  const [q, setQ] = useState(filter.q);
  useEffect(() => setQ(filter.q), [filter.q]);
  const search = (event: FormEvent) => {
    event.preventDefault();
    onChange({ q });
  };
  const select = (
    id: string,
    label: string,
    value: string,
    options: Option[],
    all: string,
    key: keyof Props['filter'],
  ) => (
    <div className={field.field}>
      <label htmlFor={id} className={field.label}>
        {label}
      </label>
      <select
        id={id}
        className={input.input}
        value={value}
        onChange={(event) => onChange({ [key]: event.target.value })}
      >
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </div>
  );
  const statuses = TRAINING_STATUSES.map((status) => ({ id: status, name: t(`reports.status.${status}`) }));
  return (
    <form className={styles.fields} onSubmit={search} role="search" aria-label={t('reports.filters')}>
      {select('report-course', t('reports.course'), filter.courseId, courses, t('reports.allCourses'), 'courseId')}
      {select('report-group', t('reports.group'), filter.groupId, groups, t('reports.allGroups'), 'groupId')}
      {select('report-status', t('reports.statusLabel'), filter.status, statuses, t('reports.allStatuses'), 'status')}
      <div className={field.field}>
        <label htmlFor="report-search" className={field.label}>
          {t('reports.search')}
        </label>
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
      </div>
    </form>
  );
}
