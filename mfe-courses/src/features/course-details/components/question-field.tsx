import type { AttemptAnswer, attemptQuestionSchema } from '@portal/contracts/quizzes';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import input from '@portal/web-kit/styles/input.module.css';
import hidden from '@portal/web-kit/styles/visually-hidden.module.css';
import { type DragEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod/mini';
import { COURSES_NAMESPACE } from '../../../lib/i18n.ts';
import styles from './quiz-player.module.css';

export type AttemptQuestion = z.infer<typeof attemptQuestionSchema>;

interface Props {
  question: AttemptQuestion;
  position: number;
  total: number;
  answer: AttemptAnswer | undefined;
  onAnswer: (answer: AttemptAnswer) => void;
  disabled: boolean;
}

/** One question of an attempt as a fieldset: radios, checkboxes, a text or an order, by its type. */
export function QuestionField({ question, position, total, answer, onAnswer, disabled }: Props) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  const textId = useId();
  const chosen = new Set(answer?.optionIds ?? []);
  const questionId = question.id;
  return (
    <fieldset className={styles.question} disabled={disabled}>
      <legend className={styles.legend}>
        <span className={styles.questionNumber}>{t('quiz.questionNumber', { position, total })}</span>
        <span className={styles.questionText}>{question.text}</span>
      </legend>
      {question.type === 'short_answer' ? (
        <p className={styles.shortAnswer}>
          <label htmlFor={textId}>{t('quiz.yourAnswer')}</label>
          <input
            id={textId}
            className={input.input}
            maxLength={200}
            autoComplete="off"
            value={answer?.text ?? ''}
            onChange={(event) => onAnswer({ questionId, text: event.target.value })}
          />
        </p>
      ) : question.type === 'ordering' ? (
        <OrderingField
          question={question}
          order={answer?.order ?? question.options.map((option) => option.id)}
          onOrder={(order) => onAnswer({ questionId, order })}
        />
      ) : (
        <ul className={styles.options}>
          {question.options.map((option) => (
            <li key={option.id}>
              <label className={styles.option}>
                <input
                  type={question.type === 'multiple' ? 'checkbox' : 'radio'}
                  name={questionId}
                  value={option.id}
                  checked={chosen.has(option.id)}
                  onChange={(event) => {
                    if (question.type !== 'multiple') onAnswer({ questionId, optionIds: [option.id] });
                    else if (event.target.checked) onAnswer({ questionId, optionIds: [...chosen, option.id] });
                    else onAnswer({ questionId, optionIds: [...chosen].filter((id) => id !== option.id) });
                  }}
                />
                <span>{option.text}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

/** An ordering question's items: moved with their Up and Down buttons (keyboard, touch) or dragged (pointer). */
function OrderingField({
  question,
  order,
  onOrder,
}: {
  question: AttemptQuestion;
  order: string[];
  onOrder: (order: string[]) => void;
}) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  const [dragged, setDragged] = useState<string>();
  const [moved, setMoved] = useState('');
  const textOf = (id: string) => question.options.find((option) => option.id === id)?.text ?? '';
  const move = (from: number, to: number) => {
    if (to < 0 || to >= order.length || from === to) return;
    const next = [...order];
    const [item] = next.splice(from, 1);
    if (item === undefined) return;
    next.splice(to, 0, item);
    onOrder(next);
    setMoved(t('quiz.moved', { item: textOf(item), position: to + 1, total: order.length }));
  };
  const dropOn = (event: DragEvent, to: number) => {
    event.preventDefault();
    if (dragged !== undefined) move(order.indexOf(dragged), to);
    setDragged(undefined);
  };
  return (
    <>
      <p className={styles.hint}>{t('quiz.orderHint')}</p>
      <ol className={styles.ordering}>
        {order.map((id, index) => (
          <li
            key={id}
            className={dragged === id ? styles.dragging : styles.orderItem}
            draggable
            onDragStart={() => setDragged(id)}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => dropOn(event, index)}
            onDragEnd={() => setDragged(undefined)}
          >
            <span className={styles.orderText}>{textOf(id)}</span>
            <span className={styles.orderButtons}>
              <button
                type="button"
                className={buttons.button}
                disabled={index === 0}
                aria-label={t('quiz.moveUp', { item: textOf(id) })}
                onClick={() => move(index, index - 1)}
              >
                ↑
              </button>
              <button
                type="button"
                className={buttons.button}
                disabled={index === order.length - 1}
                aria-label={t('quiz.moveDown', { item: textOf(id) })}
                onClick={() => move(index, index + 1)}
              >
                ↓
              </button>
            </span>
          </li>
        ))}
      </ol>
      <p className={hidden.visuallyHidden} role="status">
        {moved}
      </p>
    </>
  );
}
