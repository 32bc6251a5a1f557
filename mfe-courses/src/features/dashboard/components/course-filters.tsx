import type { Category } from '@portal/contracts/courses';
import { COURSE_LIMITS } from '@portal/contracts/courses';
import { formatLanguage } from '@portal/web-kit/format';
import { currentLanguage } from '@portal/web-kit/i18n';
import field from '@portal/web-kit/styles/field.module.css';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceField } from '@portal/web-kit/choice-field';
import { SearchIcon } from '../../../components/icons.tsx';
import { COURSES_NAMESPACE } from '../../../lib/i18n.ts';
import { type DashboardFilter, type DashboardView, isMyView, viewsFor } from '../lib/dashboard-query.ts';
import styles from './course-filters.module.css';

/** How long typing pauses before the search is sent. */
export const SEARCH_DELAY_MS = 350;

interface Props {
  filter: DashboardFilter;
  categories: Category[];
  /** Administrators also have the drafts view. */
  isAdmin: boolean;
  onChange: (change: Partial<Omit<DashboardFilter, 'page'>>) => void;
}

const VIEW_LABELS: Record<DashboardView, string> = {
  published: 'filters.published',
  drafts: 'filters.drafts',
  'in-progress': 'filters.inProgress',
  completed: 'filters.completed',
};

/**
 * The view (all courses, drafts for administrators, the reader's courses in progress and completed), and for
 * all courses and drafts the search (sent when typing pauses, or at once with Enter), the category filter and
 * "only courses in my language".
 */
export function CourseFilters({ filter, categories, isAdmin, onChange }: Props) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  const id = useId();
  const [text, setText] = useState(filter.q);
  const [shownQuery, setShownQuery] = useState(filter.q);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The searches sent whose URL has not come back yet: the URL follows them late, while the user types on.
  const [sent, setSent] = useState<readonly string[]>([]);
  const lastSent = sent.at(-1) ?? filter.q;
  // Counts the URL's changes by other means: each drops the search that waits for typing to pause.
  const [resets, setResets] = useState(0);

  if (filter.q !== shownQuery) {
    setShownQuery(filter.q);
    const landed = sent.indexOf(filter.q);
    if (landed >= 0) {
      setSent(sent.slice(landed + 1));
    } else {
      // The URL changed by other means (back button, "clear filters"): the box follows it.
      setResets(resets + 1);
      setSent([]);
      setText(filter.q);
    }
  }

  useEffect(() => clearTimeout(timer.current), [resets]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (value: string) => {
    clearTimeout(timer.current);
    const query = value.trim();
    if (query === lastSent) return;
    setSent((pending) => [...pending, query]);
    onChange({ q: query });
  };

  const type = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => search(value), SEARCH_DELAY_MS);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    search(text);
  };

  return (
    <div className={styles.filters}>
      <div className={styles.views}>
        <span id={`${id}-view`} className={field.label}>
          {t('filters.view')}
        </span>
        <div role="group" aria-labelledby={`${id}-view`} className={styles.switch}>
          {viewsFor(isAdmin).map((view) => (
            <button
              key={view}
              type="button"
              className={styles.option}
              aria-pressed={filter.view === view}
              onClick={() => onChange({ view })}
            >
              {t(view === 'published' && !isAdmin ? 'filters.allCourses' : VIEW_LABELS[view])}
            </button>
          ))}
        </div>
      </div>
      {!isMyView(filter.view) && (
        <>
          <form role="search" className={styles.search} onSubmit={submit}>
            <label htmlFor={`${id}-q`} className={field.label}>
              {t('filters.search')}
            </label>
            <div className={styles.control}>
              <SearchIcon />
              <input
                id={`${id}-q`}
                type="search"
                className={styles.input}
                value={text}
                maxLength={COURSE_LIMITS.searchMax}
                placeholder={t('filters.searchPlaceholder')}
                onChange={(event) => type(event.target.value)}
              />
            </div>
          </form>
          <ChoiceField
            id={`${id}-category`}
            label={t('filters.category')}
            className={styles.select}
            value={filter.categoryId}
            none={t('filters.allCategories')}
            choices={categories}
            onChoose={(categoryId) => onChange({ categoryId })}
          />
          <label className={styles.checkbox}>
            <input
              type="checkbox"
              checked={filter.inMyLanguage}
              onChange={(event) => onChange({ inMyLanguage: event.target.checked })}
            />
            <span>{t('filters.inMyLanguage', { language: formatLanguage(currentLanguage()) })}</span>
          </label>
        </>
      )}
    </div>
  );
}
